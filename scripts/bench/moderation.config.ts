import { defineConfig } from '@playwright/test';
import journeys, { adminUrl } from '../../playwright.config.ts';

// npm run bench:moderation: how long a scripted moderator takes to clear 50 proofs, one at a time from the list
// (the review before keyboard review) and from the keyboard. Writes bench/moderation.json; the README quotes it.
export default defineConfig({
  ...journeys,
  testDir: '.',
  testMatch: 'moderation.bench.ts',
  workers: 1,
  timeout: 900_000,
  reporter: 'list',
  projects: [{ name: 'moderation', use: { baseURL: adminUrl } }],
});
