import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_HEADER } from '../src/plugins/statement-count.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { approvedQuest, call, type Explorer } from './quest-fixtures.ts';

// The SQL statements each hot route runs, read from the development-only x-db-statements header (README,
// Performance). A change that adds a round trip to one of these routes fails here, so it is made on purpose: the
// bench reports the same counts beside req/s.
let t: TestApp;
let creator: Explorer;
let explorer: Explorer;
let questId: string;
beforeAll(async () => {
  t = await createTestApp();
  creator = await registerVerified(t);
  explorer = await registerVerified(t);
  questId = await approvedQuest(t, creator);
  await call(t, 'POST', '/quest-progress/start', explorer, { questId: await approvedQuest(t, creator) });
});
afterAll(() => t.close());

async function statements(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await call(t, method, url, explorer, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return Number(response.headers[STATEMENTS_HEADER]);
}

describe('statements per request', () => {
  it('of the hot reads', async () => {
    const counts = {
      catalogue: await statements('GET', '/quests?limit=12'),
      quest: await statements('GET', `/quests/${questId}`),
      dashboard: await statements('GET', '/quests/my-dashboard'),
      myProfile: await statements('GET', '/users/my-profile'),
    };
    // Today's counts, authentication's account read included; the targets in README, Performance are lower.
    expect(counts).toEqual({ catalogue: 4, quest: 3, dashboard: 7, myProfile: 3 });
  });

  it('start and abandon', async () => {
    const start = await statements('POST', '/quest-progress/start', { questId });
    const abandon = await statements('DELETE', `/quest-progress/${questId}`);
    expect({ start, abandon }).toEqual({ start: 9, abandon: 5 });
  });
});
