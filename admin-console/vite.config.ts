import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // The router plugin must run before react(): it generates src/routeTree.gen.ts and splits each route's
  // component into its own chunk, which keeps the entry bundle small.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
  preview: { port: 4174 },
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
