import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, xpScores } from '../src/db/schema.ts';
import { utcWeekOf, weekKeyOf } from '../src/modules/leaderboard/boards.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { admin, approvedQuest, call, type Explorer, idOf, submitTaskProof } from './quest-fixtures.ts';

// Leaderboards (docs/product-rules/leaderboards.md): ranks with ties, the caller's rank outside the first 50,
// friends only, private and blocked people, suspension, and the weekly board's UTC week. Each test plays in
// its own city, so the boards of one test never hold the explorers of another; the overall boards, shared by
// every test, are read only where a test owns every explorer with xp.

let t: TestApp;
let moderator: Explorer;
let guide: Explorer;

beforeAll(async () => {
  t = await createTestApp();
  moderator = await admin(t);
  guide = await registerVerified(t);
});
afterAll(async () => {
  await t?.close();
});

type Entry = {
  rank: number;
  xp: number;
  level: number;
  user: { _id: string; username: string } | null;
  isMe: boolean;
};
type Board = {
  period: string;
  scope: string;
  city: string | null;
  startsAt: string | null;
  endsAt: string | null;
  entries: Entry[];
  me: Entry | null;
  cities: string[];
};

async function board(who: Explorer, url: string): Promise<Board> {
  const response = await call(t, 'GET', url, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

let cityCount = 0;
const newCity = () => `Rankpur ${++cityCount}`;

/** This week's and all-time xp of `who` in `city`, as completed quests leave them. */
async function scored(who: Explorer, city: string, xp: number, period = weekKeyOf(new Date())) {
  await t.database.db
    .insert(xpScores)
    .values([
      { userId: idOf(who), period: 'all', city, xp },
      { userId: idOf(who), period, city, xp },
    ])
    .onConflictDoUpdate({
      target: [xpScores.userId, xpScores.period, xpScores.city],
      set: { xp: sql`excluded.xp` },
    });
}

const usernamesOf = (entries: Entry[]) => entries.map((entry) => entry.user?.username ?? 'private');

async function befriend(a: Explorer, b: Explorer) {
  const sent = await call(t, 'POST', '/friends/send-request', a, { userId: idOf(b) });
  expect(sent.statusCode).toBe(201);
  const accepted = await call(t, 'PATCH', `/friends/accept/${sent.json().data._id}`, b);
  expect(accepted.statusCode).toBe(200);
}

describe('the UTC week', () => {
  it('starts on Monday 00:00 UTC and ends at the next Monday', () => {
    expect(utcWeekOf(new Date('2026-11-29T23:59:59.999Z'))).toEqual({
      startsAt: new Date('2026-11-23T00:00:00.000Z'),
      endsAt: new Date('2026-11-30T00:00:00.000Z'),
    });
    expect(weekKeyOf(new Date('2026-11-30T00:00:00.000Z'))).toBe('2026-11-30');
    // Monday 01:00 in India is still Sunday in UTC.
    expect(weekKeyOf(new Date('2026-11-30T01:00:00+05:30'))).toBe('2026-11-23');
  });
});

describe('a completed quest', () => {
  it('counts on the weekly, all-time and city boards at once', async () => {
    const explorer = await registerVerified(t);
    const city = newCity();
    const questId = await approvedQuest(t, guide, { city, difficulty: 'Hard', xp: '60' });
    const started = await call(t, 'POST', '/quest-progress/start', explorer, { questId });
    expect(started.statusCode).toBe(201);
    for (const order of [1, 2, 3]) {
      expect((await submitTaskProof(t, explorer, questId, order)).statusCode).toBe(200);
      const verified = await call(t, 'POST', `/admin/verify-task/${questId}/${order}`, moderator, {
        userId: idOf(explorer),
        approved: true,
      });
      expect(verified.statusCode).toBe(200);
    }

    const week = await board(explorer, `/leaderboard/city?city=${encodeURIComponent(city)}`);
    const { startsAt, endsAt } = utcWeekOf(new Date());
    expect(week).toMatchObject({
      period: 'week',
      scope: 'city',
      city,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      cities: [city],
    });
    expect(week.entries).toEqual([
      { rank: 1, xp: 120, level: 1, user: expect.objectContaining({ _id: idOf(explorer) }), isMe: true },
    ]);
    expect(week.me).toEqual(week.entries[0]);

    // Without a city, the city board is the explorer's own: where they earned the most.
    const own = await board(explorer, '/leaderboard/city?period=all');
    expect(own).toMatchObject({ period: 'all', city, startsAt: null, endsAt: null });
    expect(own.me?.xp).toBe(120);
    for (const url of ['/leaderboard', '/leaderboard?period=all']) {
      const overall = await board(explorer, url);
      expect(overall.entries.find((entry) => entry.isMe)?.xp).toBe(120);
    }
  });
});

describe('ranks', () => {
  it('share a rank between ties and skip the ranks they take (1, 2, 2, 4)', async () => {
    const city = newCity();
    const [first, second, third, fourth] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ] as [Explorer, Explorer, Explorer, Explorer];
    await scored(first, city, 300);
    await scored(second, city, 200);
    await scored(third, city, 200);
    await scored(fourth, city, 100);

    const seen = await board(fourth, `/leaderboard/city?city=${encodeURIComponent(city)}`);
    expect(seen.entries.map((entry) => [entry.rank, entry.xp])).toEqual([
      [1, 300],
      [2, 200],
      [2, 200],
      [4, 100],
    ]);
    expect(seen.me).toMatchObject({ rank: 4, xp: 100, isMe: true });
    expect(seen.entries.filter((entry) => entry.isMe)).toHaveLength(1);
  });

  it("show the caller's own rank when it is outside the first 50", async () => {
    const city = newCity();
    const caller = await registerVerified(t);
    await scored(caller, city, 5);
    // 60 explorers above the caller, two of them tied at the 50th place, added straight to the tables.
    await t.database.db.execute(sql`
      insert into users (id, username, email, full_name, password_hash, is_email_verified, xp)
      select md5(${city} || n)::uuid, 'ranked_' || ${cityCount} || '_' || n,
        'ranked' || ${cityCount} || '_' || n || '@example.com', 'Ranked ' || n, 'not-a-hash', true, 1000
      from generate_series(1, 60) as n`);
    await t.database.db.execute(sql`
      insert into xp_scores (user_id, period, city, xp)
      select md5(${city} || n)::uuid, ${weekKeyOf(new Date())}, ${city}, case when n <= 50 then 1000 - n else 900 end
      from generate_series(1, 60) as n`);

    const seen = await board(caller, `/leaderboard/city?city=${encodeURIComponent(city)}`);
    expect(seen.entries).toHaveLength(50);
    expect(seen.entries.some((entry) => entry.isMe)).toBe(false);
    expect(seen.entries.at(0)).toMatchObject({ rank: 1, xp: 999 });
    expect(seen.entries.at(48)).toMatchObject({ rank: 49, xp: 951 });
    expect(seen.entries.at(49)).toMatchObject({ rank: 50, xp: 950 });
    expect(seen.me).toMatchObject({ rank: 61, xp: 5, isMe: true });
    expect(seen.me?.user?._id).toBe(idOf(caller));
  });

  it('leave out explorers with no xp on the board, and answer me: null for them', async () => {
    const city = newCity();
    const player = await registerVerified(t);
    const newcomer = await registerVerified(t);
    await scored(player, city, 40);
    const seen = await board(newcomer, `/leaderboard/city?city=${encodeURIComponent(city)}`);
    expect(usernamesOf(seen.entries)).toEqual([player.username]);
    expect(seen.me).toBeNull();
    expect(seen.cities).toEqual([]);
    // A newcomer has no city of their own yet.
    expect(await board(newcomer, '/leaderboard/city')).toMatchObject({ city: null, entries: [], me: null });
  });

  it('count only this UTC week on the weekly board', async () => {
    const city = newCity();
    const explorer = await registerVerified(t);
    const lastWeek = weekKeyOf(new Date(Date.now() - 7 * 24 * 60 * 60 * 1000));
    await scored(explorer, city, 70, lastWeek);
    const url = `/leaderboard/city?city=${encodeURIComponent(city)}`;
    expect((await board(explorer, url)).entries).toEqual([]);
    expect((await board(explorer, `${url}&period=all`)).me).toMatchObject({ rank: 1, xp: 70 });
  });
});

describe('the friends board', () => {
  it('ranks the caller among their friends only', async () => {
    const [caller, friend, otherFriend, stranger] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ] as [Explorer, Explorer, Explorer, Explorer];
    await befriend(caller, friend);
    await befriend(otherFriend, caller);
    const week = weekKeyOf(new Date());
    await t.database.db.insert(xpScores).values([
      { userId: idOf(stranger), period: week, city: '', xp: 10_000 },
      { userId: idOf(friend), period: week, city: '', xp: 300 },
      { userId: idOf(caller), period: week, city: '', xp: 200 },
      { userId: idOf(otherFriend), period: week, city: '', xp: 300 },
    ]);

    const seen = await board(caller, '/leaderboard/friends');
    expect(seen.scope).toBe('friends');
    expect(seen.entries.map((entry) => entry.rank)).toEqual([1, 1, 3]);
    expect(usernamesOf(seen.entries.slice(0, 2)).sort()).toEqual(
      [friend.username, otherFriend.username].sort(),
    );
    expect(seen.entries[2]?.user?.username).toBe(caller.username);
    expect(seen.me).toMatchObject({ rank: 3, xp: 200, isMe: true });
    // All time, nobody of the group has xp yet.
    expect(await board(caller, '/leaderboard/friends?period=all')).toMatchObject({ entries: [], me: null });
  });
});

describe('privacy', () => {
  it('shows private profiles as private explorers, except to themselves and their friends', async () => {
    const city = newCity();
    const [caller, hidden, hiddenFriend, blocker] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ] as [Explorer, Explorer, Explorer, Explorer];
    for (const who of [hidden, hiddenFriend]) {
      const changed = await call(t, 'POST', '/users/settings', who, {
        privacy: { profileVisibility: 'private' },
      });
      expect(changed.statusCode).toBe(200);
    }
    await befriend(caller, hiddenFriend);
    expect((await call(t, 'POST', `/friends/block/${idOf(caller)}`, blocker)).statusCode).toBe(200);
    await scored(hidden, city, 90);
    await scored(hiddenFriend, city, 80);
    await scored(blocker, city, 70);
    await scored(caller, city, 60);
    const url = `/leaderboard/city?city=${encodeURIComponent(city)}`;

    const seen = await board(caller, url);
    expect(usernamesOf(seen.entries)).toEqual(['private', hiddenFriend.username, 'private', caller.username]);
    expect(seen.entries[0]).toEqual({ rank: 1, xp: 90, level: 1, user: null, isMe: false });
    expect(JSON.stringify(seen)).not.toContain(hidden.username);
    expect(JSON.stringify(seen)).not.toContain(blocker.username);
    // The private explorer sees themselves.
    expect((await board(hidden, url)).me?.user?.username).toBe(hidden.username);
  });
});

describe('suspended accounts', () => {
  it('leave every board while suspended and come back when reactivated', async () => {
    const city = newCity();
    const [suspended, watcher] = [await registerVerified(t), await registerVerified(t)];
    await scored(suspended, city, 500);
    await scored(watcher, city, 100);
    const url = `/leaderboard/city?city=${encodeURIComponent(city)}`;
    const overallHas = async (who: Explorer) =>
      (await board(watcher, '/leaderboard?period=all')).entries.some(
        (entry) => entry.user?._id === idOf(who),
      );
    await t.database.db
      .update(users)
      .set({ xp: 100_000 })
      .where(eq(users.id, idOf(suspended)));
    expect(await overallHas(suspended)).toBe(true);

    const suspend = await call(t, 'PATCH', `/admin/users/${idOf(suspended)}/suspend`, moderator, {
      reason: 'Cheating',
    });
    expect(suspend.statusCode).toBe(200);
    expect(usernamesOf((await board(watcher, url)).entries)).toEqual([watcher.username]);
    expect((await board(watcher, url)).me?.rank).toBe(1);
    expect(await overallHas(suspended)).toBe(false);

    const reactivate = await call(t, 'PATCH', `/admin/users/${idOf(suspended)}/reactivate`, moderator);
    expect(reactivate.statusCode).toBe(200);
    expect(usernamesOf((await board(watcher, url)).entries)).toEqual([suspended.username, watcher.username]);
    expect(await overallHas(suspended)).toBe(true);
  });
});

describe('the rank counts', () => {
  it('match the boards after every change the tests above made', async () => {
    // xp_ranks is kept by triggers on users and xp_scores: completions, direct inserts, privacy changes,
    // suspension and reactivation have all gone through them by now.
    const counted = (query: ReturnType<typeof sql>) =>
      t.database.db.execute(query).then((result) => (result as unknown as { rows: unknown[] }).rows);
    const kept = await counted(sql`select period, city, xp, explorers from xp_ranks order by 1, 2, 3`);
    const recounted = await counted(sql`
      select period, city, xp, explorers from (
        select 'all' as period, '' as city, xp, count(*)::int as explorers from users
        where xp > 0 and account_verified group by xp
        union all
        select period, city, xp, count(*)::int from xp_scores where listed and xp > 0 group by period, city, xp
      ) as boards order by 1, 2, 3`);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(recounted);
  });
});

describe('requests', () => {
  it('need a signed-in explorer and a known period', async () => {
    const explorer = await registerVerified(t);
    expect((await t.request({ method: 'GET', url: '/api/v1/leaderboard' })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/leaderboard?period=month', explorer)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/leaderboard/city?city=${'x'.repeat(101)}`, explorer)).statusCode).toBe(
      400,
    );
  });
});
