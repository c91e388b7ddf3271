import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['@cityquest/shared-ui/testing/jsdom-setup'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      testTimeout: 30_000,
      // Both cores of the CI host: the jsdom files are independent.
      maxWorkers: 2,
    },
  }),
);
