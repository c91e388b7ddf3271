import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { STATEMENTS_HEADER } from '../src/plugins/statement-count.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { approvedQuest, call, type Explorer } from './quest-fixtures.ts';

// The SQL statements each hot route runs, read from the development-only x-db-statements header
// (docs/ops/performance.md#the-hot-routes-against-one-database-round-trip). A change that adds a round trip to one of
// these routes fails here, so it is made on purpose: the bench reports the same counts beside req/s. Counted as the
// bench sees them: the caller's account is in the account cache (a write clears that cache, so each measured call
// follows a read that fills it again), views are held in memory, and the catalogue cache is on (a first read fills it,
// the next is served from it).
let t: TestApp;
let creator: Explorer;
let explorer: Explorer;
let questId: string;
beforeAll(async () => {
  const hour = 60 * 60 * 1000;
  t = await createTestApp({ accountCacheMs: hour, viewFlushMs: hour, catalogueCacheMs: hour });
  creator = await registerVerified(t);
  explorer = await registerVerified(t);
  questId = await approvedQuest(t, creator);
  await call(t, 'POST', '/quest-progress/start', explorer, { questId: await approvedQuest(t, creator) });
});
afterAll(() => t.close());

async function statements(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  expect((await call(t, 'GET', '/users/my-profile', explorer)).statusCode).toBe(200);
  const response = await call(t, method, url, explorer, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return Number(response.headers[STATEMENTS_HEADER]);
}

describe('statements per request', () => {
  it('of the hot reads', async () => {
    const counts = {
      catalogue: await statements('GET', '/quests?limit=12'),
      quest: await statements('GET', `/quests/${questId}`),
      // Another read of the page: its shared parts are cached, the caller's own record is read.
      questAgain: await statements('GET', `/quests/${questId}`),
      dashboard: await statements('GET', '/quests/my-dashboard'),
      myProfile: await statements('GET', '/users/my-profile'),
    };
    expect(counts).toEqual({ catalogue: 3, quest: 2, questAgain: 1, dashboard: 4, myProfile: 3 });
  });

  it('of the leaderboards', async () => {
    // The caller is on the all-time board: their cities, the first 50 (with them), and its people.
    await t.database.db.update(users).set({ xp: 50 }).where(eq(users.id, explorer.session.user._id));
    const counts = {
      overall: await statements('GET', '/leaderboard?period=all'),
      // This week's board is empty: their cities, the first 50 and their own row (none).
      week: await statements('GET', '/leaderboard'),
      friends: await statements('GET', '/leaderboard/friends?period=all'),
      city: await statements('GET', '/leaderboard/city?city=New%20Delhi'),
    };
    expect(counts).toEqual({ overall: 3, week: 3, friends: 3, city: 3 });
  });

  it('start and abandon', async () => {
    const start = await statements('POST', '/quest-progress/start', { questId });
    const abandon = await statements('DELETE', `/quest-progress/${questId}`);
    expect({ start, abandon }).toEqual({ start: 3, abandon: 2 });
  });

  it('of the one-row yardstick the bench measures beside them (development only)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/yardstick/quests/${questId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(questId);
    expect(response.headers[STATEMENTS_HEADER]).toBe('1');
    expect((await t.app.inject({ method: 'GET', url: '/dev/yardstick/quests/not-a-uuid' })).statusCode).toBe(
      404,
    );
  });
});
