import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The router plugin must run before react(); it generates src/routeTree.gen.ts and splits route code.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // index.html keeps its modulepreload links; lazy route chunks do not carry their own dependency lists, which
    // would otherwise put one list per route into the entry (conventions.md section 7 budget).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['@cityquest/shared-ui/testing/jsdom-setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15_000,
  },
});
