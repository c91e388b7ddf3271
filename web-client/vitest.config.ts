import { defineConfig } from 'vitest/config';

// The first contract check of a file parses the contract's openapi.yaml, which takes seconds on a busy CI host.
// Plain modules (`*.test.ts`) run in node; the shared screens and hooks (`*.test.tsx`) render in jsdom.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'node', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['@cityquest/shared-ui/testing/jsdom-setup'],
          css: false,
        },
      },
    ],
  },
});
