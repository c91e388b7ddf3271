import { defineConfig } from 'vite';
import { spaBuild, spaPlugins } from '../vite.shared.ts';

export default defineConfig({
  plugins: spaPlugins(),
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
  preview: { port: 4174 },
  build: spaBuild,
});
