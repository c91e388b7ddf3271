import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { spaBuild, spaPlugins } from '../vite.shared.ts';

/**
 * Map tiles kept for offline play; past this, the oldest go first
 * (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection).
 */
const MAP_TILE_CACHE_ENTRIES = 2000;
const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;
/** Mantine's teal[9]: the shared theme's primary colour at its primary shade (shared-ui/src/theme.ts). */
const THEME_COLOUR = '#087f5b';
/** Mantine's body colour in the light scheme, the app's default. */
const BACKGROUND_COLOUR = '#ffffff';

export default defineConfig({
  plugins: [
    ...spaPlugins(),
    // Installable, and the app shell works offline (docs/product-rules/offline-play.md#installing-the-app).
    // Only the explorer app: the admin console stays a plain online SPA. No service worker under `vite dev`.
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the explorer presses Reload: never a reload by itself mid-quest.
      registerType: 'prompt',
      // Registered from a lazy chunk (src/features/app-update/), not by a script in index.html.
      injectRegister: false,
      // The icons are precached with the other PNGs (workbox.globPatterns).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'CityQuest',
        short_name: 'CityQuest',
        description: 'Discover location-based quests in your city, earn xp, levels and badges.',
        lang: 'en',
        // The home route is the dashboard once signed in (docs/product-rules/routes.md).
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every screen's code, the map chunk and its worker included: a quest in progress needs them
        // offline. The .gz/.br copies are the server's business; config.json is the dev default, not the deployed one.
        globPatterns: ['**/*.{js,css,html,svg,png,json,woff2}'],
        globIgnores: ['**/*.{gz,br,map}', 'config.json', 'sw-proof-sync.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // Hashed file names already change with their content.
        dontCacheBustURLsMatching: /^assets\//,
        // The first visit's page is controlled at once, so a quest started right after installing works offline.
        // Never skipWaiting on its own: a new version waits for the Reload button.
        clientsClaim: true,
        navigateFallback: '/index.html',
        // What the server answers itself rather than the SPA: the API, files (/files/ where a proxy mounts
        // PUBLIC_FILES_URL on this origin), metrics, and file paths such as /robots.txt and /sitemap.xml.
        navigateFallbackDenylist: [
          /^\/(api|uploads|files)(\/|$)/,
          /^\/metrics$/,
          /^[^?]*\.[a-z0-9]+(\?.*)?$/i,
        ],
        sourcemap: false,
        // Background Sync for proofs queued offline (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
        importScripts: ['/sw-proof-sync.js'],
        runtimeCaching: [
          {
            // The runtime config is read before the first render: fresh when online, the last one seen offline.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'runtime-config',
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Tiles (z/x/y paths on whichever host MAP_STYLE_URL names) and glyph ranges never change at an address.
            urlPattern: ({ url, sameOrigin }) =>
              !sameOrigin &&
              (/\/\d+\/\d+\/\d+(@2x)?\.(pbf|mvt|mlt|png|webp|jpe?g)$/.test(url.pathname) ||
                /\/fonts\/.+\.pbf$/.test(url.pathname)),
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: {
                maxEntries: MAP_TILE_CACHE_ENTRIES,
                maxAgeSeconds: THIRTY_DAYS_IN_SECONDS,
                purgeOnQuotaError: true,
              },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
          {
            // Style, TileJSON and sprites (MapLibre asks for JSON with Accept: application/json) change with each
            // tile release: fresh when online, the last seen offline. Never the API or a signed-in request.
            urlPattern: ({ url, request, sameOrigin }) =>
              !sameOrigin &&
              !request.headers.has('Authorization') &&
              !/\/(api|uploads|files)\//.test(url.pathname) &&
              (/\/(styles|sprites)\//.test(url.pathname) ||
                url.pathname.endsWith('.json') ||
                request.headers.get('Accept') === 'application/json'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'map-style',
              networkTimeoutSeconds: 3,
              expiration: { maxEntries: 50, maxAgeSeconds: THIRTY_DAYS_IN_SECONDS },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
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
