import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import journeys, { adminUrl } from '../../playwright.config.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const servers = [journeys.webServer ?? []].flat();

// npm run bench:moderation: how long a scripted moderator takes to clear 50 proofs, one at a time from the
// list (the review before keyboard review) and from the keyboard. Writes docs/bench/moderation.json;
// docs/guide/using-cityquest.md quotes it.
export default defineConfig({
  ...journeys,
  testDir: '.',
  testMatch: 'moderation.bench.ts',
  workers: 1,
  timeout: 900_000,
  reporter: 'list',
  projects: [{ name: 'moderation', use: { baseURL: adminUrl } }],
  // The journeys' servers, started from the repository's root as there.
  webServer: servers.map((server) => ({ ...server, cwd: root })),
});
