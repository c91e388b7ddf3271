// Quotas (openapi.yaml, "Quotas"): per account for quest creations, proof submissions, feedback, friend requests and
// geo calls, per client address for bug reports and contact messages; 429 with Retry-After and a message, others unaffected; and one
// account holds only a share of the geo cache.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoConfig, QuotaConfig } from '../../src/config.ts';
import { geoCache } from '../../src/db/schema.ts';
import { MAX_CACHE_ENTRIES, MAX_ENTRIES_PER_OWNER } from '../../src/modules/geo/cache-repository.ts';
import { multipart, registerVerified } from '../fixtures.ts';
import { type GeoFixtureServer, startGeoFixtureServer } from '../geo-fixture-server.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';
import {
  approvedQuest,
  call,
  type Explorer,
  idOf,
  photo,
  submitQuest,
  submitTaskProof,
} from '../quest-fixtures.ts';

const QUOTAS: QuotaConfig = {
  questCreationsPerHour: 2,
  proofSubmissionsPerHour: 2,
  bugReportsPerDay: 2,
  contactMessagesPerDay: 2,
  feedbackPerDay: 2,
  supportMessagesPerHour: 2,
  friendRequestsPerDay: 2,
  directionsPerMinute: 2,
  reverseGeocodesPerMinute: 2,
};

const geoAt = (url: string): GeoConfig => ({
  geocoderUrl: url,
  placesUrl: url,
  routerUrl: url,
  userAgent: 'CityQuest-test/1.0 (+https://example.test/cityquest)',
  timeoutMs: 2_000,
  geocoderIntervalMs: 0,
  placesRateLimit: { max: 50, windowMs: 60_000 },
});

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): { message: string } };

/** 429 with a Retry-After in (0, maxSeconds] and a message naming the limit. */
function expectLimited(response: Answer, maxSeconds: number, message: RegExp) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(response.json().message).toMatch(message);
}

let fixture: GeoFixtureServer;
let t: TestApp;
beforeAll(async () => {
  fixture = await startGeoFixtureServer();
  t = await createTestApp({ quotas: QUOTAS, geo: geoAt(fixture.url) });
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

describe('quest creations per account per hour', () => {
  it('answers 429 past the quota, before reading the upload, and leaves other accounts alone', async () => {
    const creator = await registerVerified(t);
    for (const n of [1, 2])
      expect((await submitQuest(t, creator, { title: `Walk ${n}` })).statusCode).toBe(201);
    const third = await submitQuest(t, creator, { title: 'Walk 3' });
    expectLimited(
      third,
      3600,
      /limit of 2 quests per account per hour\. Please try again in (59|60) minutes\./,
    );
    // The quota is checked before the body is read: a body that is not even multipart gets the same answer.
    const garbage = await t.request({
      method: 'POST',
      url: '/api/v1/quests/create-quest',
      headers: { ...bearer(creator.session.accessToken), 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.alloc(64 * 1024, 1),
    });
    expect(garbage.statusCode).toBe(429);

    const someoneElse = await registerVerified(t);
    expect((await submitQuest(t, someoneElse)).statusCode).toBe(201);
  });

  it('lets no burst of parallel uploads past the quota', async () => {
    const creator = await registerVerified(t);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => submitQuest(t, creator, { title: `Parallel walk ${n}` })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 429, 429]);
  });

  it('gives no quota back when the creator deletes a pending quest', async () => {
    const creator = await registerVerified(t);
    for (const n of [1, 2]) {
      const created = await submitQuest(t, creator, { title: `Deleted walk ${n}` });
      expect(created.statusCode).toBe(201);
      const deleted = await call(t, 'DELETE', `/quests/${created.json().data._id}`, creator);
      expect(deleted.statusCode).toBe(200);
    }
    expectLimited(
      await submitQuest(t, creator, { title: 'Deleted walk 3' }),
      3600,
      /limit of 2 quests per account per hour/,
    );
  });
});

describe('proof submissions per account per hour', () => {
  it('counts both proof uploads together and answers 429 past the quota', async () => {
    const creator = await registerVerified(t);
    const questId = await approvedQuest(t, creator);
    const walker = await registerVerified(t);
    expect((await call(t, 'POST', '/quest-progress/start', walker, { questId })).statusCode).toBe(201);
    expect((await submitTaskProof(t, walker, questId, 1)).statusCode).toBe(200);
    const form = await multipart([
      { name: 'file', file: await photo(), filename: 'proof.png', type: 'image/png' },
      { name: 'description', value: 'The second mural.' },
    ]);
    const second = await t.request({
      method: 'POST',
      url: `/api/v1/quest-progress/${questId}/submit-proof`,
      headers: { ...bearer(walker.session.accessToken), ...form.headers },
      payload: form.payload,
    });
    expect(second.statusCode).toBe(200);
    const third = await submitTaskProof(t, walker, questId, 3);
    expectLimited(third, 3600, /limit of 2 proof submissions per account per hour/);

    const otherWalker = await registerVerified(t);
    await call(t, 'POST', '/quest-progress/start', otherWalker, { questId });
    expect((await submitTaskProof(t, otherWalker, questId, 1)).statusCode).toBe(200);
  });

  it('gives no quota back when the explorer abandons the quest and starts it again', async () => {
    const questId = await approvedQuest(t, await registerVerified(t));
    const walker = await registerVerified(t);
    for (const _ of [1, 2]) {
      expect((await call(t, 'POST', '/quest-progress/start', walker, { questId })).statusCode).toBe(201);
      expect((await submitTaskProof(t, walker, questId, 1)).statusCode).toBe(200);
      expect((await call(t, 'DELETE', `/quest-progress/${questId}`, walker)).statusCode).toBe(200);
    }
    expect((await call(t, 'POST', '/quest-progress/start', walker, { questId })).statusCode).toBe(201);
    expectLimited(
      await submitTaskProof(t, walker, questId, 1),
      3600,
      /limit of 2 proof submissions per account per hour/,
    );
  });
});

describe('bug reports and contact messages per client address per day', () => {
  const contact = (remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/users/contact-us',
      remoteAddress,
      payload: {
        name: 'Asha',
        email: 'asha@example.com',
        subject: 'Feedback',
        message: 'A lovely app, thank you.',
      },
    });
  const bugReport = async (remoteAddress: string) => {
    const form = await multipart([
      { name: 'email', value: 'asha@example.com' },
      { name: 'subject', value: 'The map is blank' },
      { name: 'description', value: 'Nothing shows on the map.' },
      { name: 'stepsToReproduce', value: 'Open Explore.' },
      { name: 'attachments', file: await photo(), filename: 'shot.png', type: 'image/png' },
    ]);
    return t.request({ method: 'POST', url: '/api/v1/users/report-bug', remoteAddress, ...form });
  };

  it('answers 429 to the third contact message from one address, not to another address', async () => {
    for (const _ of [1, 2]) expect((await contact('10.1.0.1')).statusCode).toBe(201);
    expectLimited(
      await contact('10.1.0.1'),
      24 * 3600,
      /limit of 2 contact messages from one address per 24 hours/,
    );
    expect((await contact('10.1.0.2')).statusCode).toBe(201);
  });

  it('answers 429 to the third bug report from one address, with no login needed to be counted', async () => {
    for (const _ of [1, 2]) expect((await bugReport('10.2.0.1')).statusCode).toBe(201);
    expectLimited(
      await bugReport('10.2.0.1'),
      24 * 3600,
      /limit of 2 bug reports from one address per 24 hours/,
    );
    expect((await bugReport('10.2.0.2')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    expect((await contact('2001:db8:5:6::1')).statusCode).toBe(201);
    expect((await contact('2001:db8:5:6:ffff::2')).statusCode).toBe(201);
    expect((await contact('2001:db8:5:6:abcd:1:2:3')).statusCode).toBe(429);
    expect((await contact('2001:db8:5:7::1')).statusCode).toBe(201);
  });
});

describe('feedback per account per day', () => {
  it('answers 429 to the third feedback of one account, not to another account', async () => {
    const [sender, other] = [await registerVerified(t), await registerVerified(t)];
    const feedback = (who: Explorer) =>
      call(t, 'POST', '/users/feedback', who, { category: 'other', rating: 5 });
    for (const _ of [1, 2]) expect((await feedback(sender)).statusCode).toBe(201);
    expectLimited(await feedback(sender), 24 * 3600, /limit of 2 feedback messages per account per 24 hours/);
    expect((await feedback(other)).statusCode).toBe(201);
  });
});

describe('messages to the support team per account per hour', () => {
  it('answers 429 to the third message of one account, not to another account', async () => {
    const [sender, other] = [await registerVerified(t), await registerVerified(t)];
    const write = (who: Explorer) =>
      call(t, 'POST', '/support/conversation/messages', who, { text: 'Hello?' });
    for (const _ of [1, 2]) expect((await write(sender)).statusCode).toBe(201);
    expectLimited(await write(sender), 3600, /limit of 2 messages to the team per account per hour/);
    expect((await write(other)).statusCode).toBe(201);
  });
});

describe('friend requests per account per day', () => {
  it('answers 429 to the third request of one account, by either call, and gives nothing back on withdrawal', async () => {
    const [sender, other] = [await registerVerified(t), await registerVerified(t)];
    const people = await Promise.all([1, 2, 3].map(() => registerVerified(t)));
    const [first, second, third] = people as [Explorer, Explorer, Explorer];
    const ask = (who: Explorer, to: Explorer, url = '/friends/send-request') =>
      call(t, 'POST', url, who, { userId: idOf(to) });
    expect((await ask(sender, first)).statusCode).toBe(201);
    // Withdrawn at once: the mail it queued may already be gone, so it still counts.
    expect((await call(t, 'DELETE', `/friends/remove/${idOf(first)}`, sender)).statusCode).toBe(200);
    expect((await ask(sender, second, '/friends/request')).statusCode).toBe(201);
    expectLimited(await ask(sender, third), 24 * 3600, /limit of 2 friend requests per account per 24 hours/);
    expectLimited(
      await ask(sender, third, '/friends/request'),
      24 * 3600,
      /limit of 2 friend requests per account per 24 hours/,
    );
    const pending = await call(t, 'GET', '/friends/pending-requests', third);
    expect(pending.json().data.requests).toEqual([]);

    expect((await ask(other, third)).statusCode).toBe(201);
  });
});

describe('geo calls per account per minute', () => {
  it('limits reverse geocoding and directions per account, other accounts unaffected', async () => {
    const [first, second] = [await registerVerified(t), await registerVerified(t)];
    const reverse = (who: Explorer, n: number) =>
      t.request({
        method: 'GET',
        url: `/api/v1/geo/reverse?lat=28.61${n}&lng=77.229`,
        headers: bearer(who.session.accessToken),
      });
    const directions = (who: Explorer) =>
      t.request({
        method: 'GET',
        url: '/api/v1/geo/directions?origin=28.6129,77.2295&destination=28.6562,77.241',
        headers: bearer(who.session.accessToken),
      });
    for (const n of [1, 2]) expect((await reverse(first, n)).statusCode).toBe(200);
    expectLimited(await reverse(first, 3), 60, /^Rate limit reached\. Please wait \d+ seconds\.$/);
    expect((await reverse(second, 3)).statusCode).toBe(200);

    for (const _ of [1, 2]) expect((await directions(first)).statusCode).toBe(200);
    expectLimited(await directions(first), 60, /^Rate limit reached\. Please wait \d+ seconds\.$/);
    expect((await directions(second)).statusCode).toBe(200);
  });
});

describe('the geo cache', () => {
  let cacheApp: TestApp;
  beforeAll(async () => {
    cacheApp = await createTestApp({
      quotas: { ...QUOTAS, reverseGeocodesPerMinute: 0 },
      geo: geoAt(fixture.url),
    });
  });
  afterAll(() => cacheApp.close());

  const entriesOf = async (ownerId: string) => {
    const [row] = await cacheApp.database.db
      .select({ value: count() })
      .from(geoCache)
      .where(and(eq(geoCache.kind, 'reverse'), eq(geoCache.ownerId, ownerId)));
    return row?.value ?? 0;
  };

  it('keeps one account from flushing everyone else’s entries with distinct lookups', async () => {
    const [flooder, neighbour] = [await registerVerified(cacheApp), await registerVerified(cacheApp)];
    // A full cache of the neighbour's lookups, written an hour ago.
    await cacheApp.database.db.execute(sql`
      INSERT INTO geo_cache (kind, key, value, owner_id, created_at, expires_at)
      SELECT 'reverse', 'seed-' || n, '{}'::jsonb, ${idOf(neighbour)}, now() - interval '1 hour' + n * interval '1 ms',
             now() + interval '1 day'
      FROM generate_series(1, ${MAX_CACHE_ENTRIES}) AS n`);

    const flood = MAX_ENTRIES_PER_OWNER * 2;
    for (let n = 0; n < flood; n += 1) {
      const lat = (28.5 + n * 0.0005).toFixed(5);
      const response = await cacheApp.request({
        method: 'GET',
        url: `/api/v1/geo/reverse?lat=${lat}&lng=77.2295`,
        headers: bearer(flooder.session.accessToken),
      });
      expect(response.statusCode).toBe(200);
    }

    expect(await entriesOf(idOf(flooder))).toBe(MAX_ENTRIES_PER_OWNER);
    expect(await entriesOf(idOf(neighbour))).toBe(MAX_CACHE_ENTRIES - MAX_ENTRIES_PER_OWNER);
  });
});
