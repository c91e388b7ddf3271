import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const EXPLORER_PORT = Number(process.env.E2E_PORT ?? 8180);
const ADMIN_PORT = EXPLORER_PORT + 1;
export const explorerUrl = `http://localhost:${EXPLORER_PORT}`;
export const adminUrl = `http://localhost:${ADMIN_PORT}`;
const dataDir = '.data-e2e';
const GEO_FIXTURE_PORT = EXPLORER_PORT + 10;
const geoFixtureUrl = `http://127.0.0.1:${GEO_FIXTURE_PORT}`;

const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The SPAs honour reduced motion, so axe and assertions see dialogs at rest rather than mid-animation.
    reducedMotion: 'reduce',
    // The explorer app's service worker would precache every chunk in each fresh browser context; the offline
    // journeys (e2e/explorer/offline-play.spec.ts) allow it where it is what they test.
    serviceWorkers: 'block',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--use-gl=angle',
        '--use-angle=swiftshader',
        // Tests touch nothing but this machine.
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'explorer', testDir: 'e2e/explorer', use: { baseURL: explorerUrl } },
    { name: 'admin', testDir: 'e2e/admin', use: { baseURL: adminUrl } },
  ],
  webServer: [
    {
      // The geo providers (geocoder, places, router) as a local fixture: the journeys never reach the internet.
      command: `node --import tsx api-server/test/geo-fixture-server.ts --port ${GEO_FIXTURE_PORT}`,
      url: `${geoFixtureUrl}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh data dir per run: the journeys start from the demo accounts only.
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `${explorerUrl}/api/v1/health`,
      // Seeding the demo city takes one to two minutes on a slow 2-core host.
      timeout: 360_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(EXPLORER_PORT),
        ADMIN_PORT: String(ADMIN_PORT),
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        LOG_LEVEL: 'warn',
        MAP_STYLE_URL: 'offline',
        GEOCODER_URL: geoFixtureUrl,
        PLACES_URL: geoFixtureUrl,
        ROUTER_URL: geoFixtureUrl,
      },
    },
  ],
});
