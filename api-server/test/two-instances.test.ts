import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLocalStorage } from '../src/plugins/storage.ts';
import { newUser, registerVerified } from './fixtures.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';
import { redisAnswers, TEST_REDIS_URL } from './local-services.ts';
import { admin, approveAsRead, call, type Explorer, idOf, submitQuest } from './quest-fixtures.ts';

// Two API instances (A: the test app, B: a second app) on one database and one Redis, each with its own
// caches held far longer than a test runs: what one instance changes, the other must stop serving from its
// caches because Redis told it, not because a cache time ran out. Runs whenever a Redis answers.

/** Asks until `settled` holds, for at most `withinMs`: an invalidation over Redis takes a few milliseconds. */
async function eventually(ask: () => Promise<boolean>, withinMs = 2000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await ask()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

const METRICS_TOKEN = 'a-metrics-token-for-the-two-instances-0123';

describe.runIf(await redisAnswers('two-instance tests'))('two API instances sharing Redis', () => {
  const hour = 60 * 60 * 1000;
  let a: TestApp;
  let b: FastifyInstance;
  let moderator: Explorer;
  beforeAll(async () => {
    a = await createTestApp({
      redisUrl: TEST_REDIS_URL,
      // This run's own keys and channel: other runs and test files never share a counter with it.
      redisPrefix: `cityquest-test:${randomUUID()}:`,
      accountCacheMs: hour,
      catalogueCacheMs: hour,
      rateLimit: { authPerMinute: 3 },
      // GET /ready names each dependency's state only to the METRICS_TOKEN holder.
      metricsToken: METRICS_TOKEN,
    });
    b = await buildApp({
      config: a.config,
      database: a.database,
      storage: createLocalStorage(a.config.storageDir),
    });
    await b.ready();
    moderator = await admin(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('is ready with its Redis answering', async () => {
    const response = await a.request({ method: 'GET', url: '/api/v1/ready', headers: bearer(METRICS_TOKEN) });
    expect(response.json().data).toMatchObject({ status: 'ready', redis: 'ok' });
  });

  const onB = (url: string, who: Explorer) =>
    b.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(who.session.accessToken) });

  it('refuses on B an account suspended through A, long before B would have reread it', async () => {
    const explorer = await registerVerified(a);
    expect((await onB('/users/my-profile', explorer)).statusCode).toBe(200);
    const suspended = await call(a, 'PATCH', `/admin/users/${idOf(explorer)}/suspend`, moderator, {});
    expect(suspended.statusCode).toBe(200);
    expect(await eventually(async () => (await onB('/users/my-profile', explorer)).statusCode === 403)).toBe(
      true,
    );
  });

  it('brings to a stream open on B the event of a change made through A (docs/product-rules/offline-play.md#live-updates)', async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.server.address() as AddressInfo;
    const abort = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
      headers: bearer(moderator.session.accessToken),
      signal: abort.signal,
    });
    const reader = stream.body?.pipeThrough(new TextDecoderStream()).getReader();
    let heard = '';
    const moderation = (async () => {
      while (reader && !heard.includes('event: moderation')) {
        const chunk = await reader.read();
        if (chunk.done) break;
        heard += chunk.value;
      }
    })();
    // The sign-in limit here is 3 a minute: no new account, the moderator writes the quest.
    expect((await submitQuest(a, moderator, { title: `Heard everywhere ${randomUUID()}` })).statusCode).toBe(
      201,
    );
    await moderation;
    abort.abort();
    expect(heard).toMatch(
      /event: moderation\ndata: \{"type":"moderation","pendingQuests":\d+,"pendingProofs":\d+\}/,
    );
  });

  it('shows on B a quest approved through A, though B had the catalogue cached', async () => {
    const creator = await registerVerified(a);
    const id = (await submitQuest(a, creator, { title: `Seen everywhere ${randomUUID()}` })).json().data._id;
    const listed = async () =>
      (await onB('/quests?limit=50', creator))
        .json()
        .data.quests.some((quest: { _id: string }) => quest._id === id);
    expect(await listed()).toBe(false);
    expect((await approveAsRead(a, moderator, id)).statusCode).toBe(200);
    expect(await eventually(listed)).toBe(true);
  });

  it('counts sign-in attempts sent to either instance against one limit', async () => {
    const user = newUser();
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        remoteAddress: '203.0.113.9',
        payload: { email: user.email, password: 'not-the-password-1A!' },
      });
    const statuses = [await attempt(a.app), await attempt(b), await attempt(a.app), await attempt(b)].map(
      (response) => response.statusCode,
    );
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});
