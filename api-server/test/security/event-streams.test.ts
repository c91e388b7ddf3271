import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_ACCOUNT } from '../../src/modules/live-events/live-events-handlers.ts';
import { registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { admin, call, type Explorer, idOf, withRole } from '../quest-fixtures.ts';

// docs/ops/security.md#sessions: live streams end with their session, and an account holds a few at most.
let t: TestApp;
let origin: string;
const aborts: AbortController[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const abort of aborts) abort.abort();
  await t.close();
});

/** Opens GET /events and answers its status and a promise that settles when the server ends the stream. */
async function openStream(who: Explorer) {
  const abort = new AbortController();
  aborts.push(abort);
  const response = await fetch(`${origin}/api/v1/events`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` },
    signal: abort.signal,
  });
  const reader = response.body?.getReader();
  const ended = (async () => {
    while (reader) {
      const chunk = await reader.read().catch(() => ({ done: true }));
      if (chunk.done) return true;
    }
    return true;
  })();
  return { status: response.status, ended };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

describe("an account's open event streams", () => {
  it('end within seconds when the session logs out', async () => {
    const who = await registerVerified(t);
    const stream = await openStream(who);
    expect(stream.status).toBe(200);
    expect(await within(stream.ended, 300)).toBe('still open');
    expect((await call(t, 'POST', '/users/logout', who)).statusCode).toBe(200);
    expect(await within(stream.ended, 3000)).toBe(true);
  });

  it('end when the account is suspended, and a bystander keeps theirs', async () => {
    const who = await registerVerified(t);
    const bystander = await registerVerified(t);
    const moderator = await admin(t);
    const stream = await openStream(who);
    const theirs = await openStream(bystander);
    const suspended = await call(t, 'PATCH', `/admin/users/${idOf(who)}/suspend`, moderator, {
      reason: 'Spam',
    });
    expect(suspended.statusCode).toBe(200);
    expect(await within(stream.ended, 3000)).toBe(true);
    expect(await within(theirs.ended, 300)).toBe('still open');
  });

  it('end when an admin is demoted, so the moderation counts stop', async () => {
    const superAdmin = await withRole(t, await registerVerified(t), 'super_admin');
    const moderator = await admin(t);
    const stream = await openStream(moderator);
    const demoted = await call(t, 'PATCH', `/admin/users/${idOf(moderator)}/demote-user`, superAdmin);
    expect(demoted.statusCode).toBe(200);
    expect(await within(stream.ended, 3000)).toBe(true);
  });

  it(`are at most ${STREAMS_PER_ACCOUNT} at once: one more answers 429`, async () => {
    const who = await registerVerified(t);
    for (let i = 0; i < STREAMS_PER_ACCOUNT; i++) expect((await openStream(who)).status).toBe(200);
    const extra = await openStream(who);
    expect(extra.status).toBe(429);
    const other = await openStream(await registerVerified(t));
    expect(other.status).toBe(200);
  });
});
