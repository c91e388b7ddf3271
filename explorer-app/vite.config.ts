import { defineConfig } from 'vitest/config';
import { spaBuild, spaPlugins } from '../vite.shared.ts';

export default defineConfig({
  plugins: spaPlugins(),
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
  build: spaBuild,
  test: {
    environment: 'jsdom',
    setupFiles: ['@cityquest/shared-ui/testing/jsdom-setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 30_000,
    // Both cores of the CI host: the jsdom files are independent.
    maxWorkers: 2,
  },
});
