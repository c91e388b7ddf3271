// Build settings both SPAs share, so the explorer app and the admin console ship the same way.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { BuildEnvironmentOptions, Plugin, PluginOption } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { headersFile } from './scripts/static-headers.ts';

/**
 * dist/_headers: the pages' security headers (scripts/static-headers.ts) for a static host that reads the file
 * (Netlify, Cloudflare Pages); the README's nginx example sends the same ones (README, Security: Static sites).
 */
export const staticHeadersPlugin = (): Plugin => ({
  name: 'cityquest-static-headers',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() });
  },
});

export const spaPlugins = (): PluginOption[] => [
  // The router plugin must run before react(): it generates src/routeTree.gen.ts and splits each route's
  // component into its own chunk, which keeps the entry bundle small.
  // Pending components are split too (the plugin keeps them in the entry by default), so a screen's loading
  // state never drags the screen's module into the first download.
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    codeSplittingOptions: {
      defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
    },
  }),
  react(),
  // .gz and .br beside each asset: the server sends them as they are instead of compressing per request.
  compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
  staticHeadersPlugin(),
];

/**
 * What the first screen needs travels in two files (libraries, then app code) instead of dozens of small
 * chunks: on a phone every extra request costs a round trip before the first paint. Lazy routes keep their
 * own chunks; index.html and main.tsx stay the entry chunk, so the build manifest keeps one entry.
 * Lazy chunks keep their dependency lists, so a screen's pieces download at once, not one level at a time.
 */
const CHUNK_GROUPS = [
  { name: 'vendor', tags: ['$initial' as const], test: /[\\/]node_modules[\\/]/, priority: 2 },
  {
    name: 'app',
    tags: ['$initial' as const],
    test: (id: string) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
    priority: 1,
  },
  // Library code the lazy screens use travels in one file too (maplibre-gl keeps its own lazy chunk): a screen
  // otherwise waits for dozens of one-component chunks, six at a time over HTTP/1.1.
  {
    name: 'vendor-lazy',
    test: (id: string) =>
      /[\\/]node_modules[\\/]/.test(id) &&
      !/[\\/]node_modules[\\/](maplibre-gl|react-map-gl|@vis\.gl)[\\/]/.test(id),
    priority: 0,
    minShareCount: 2,
  },
];

export const spaBuild: BuildEnvironmentOptions = {
  target: 'es2022',
  sourcemap: true,
  manifest: true,
  rolldownOptions: {
    output: {
      codeSplitting: { groups: CHUNK_GROUPS },
    },
  },
};
