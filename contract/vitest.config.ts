import { defineConfig } from 'vitest/config';

// The first contract check of a file parses openapi.yaml, which takes seconds on a busy CI host.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
