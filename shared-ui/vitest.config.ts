import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/jsdom-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
