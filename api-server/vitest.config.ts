import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // PGlite instances are heavy (about 700 MB each): two test files at a time on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 90_000,
    // The pinned AWS SDK still runs on Node 20 and says so on every client
    // (docs/ops/deployment.md#the-pieces-of-a-deployment).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    hookTimeout: 120_000,
  },
});
