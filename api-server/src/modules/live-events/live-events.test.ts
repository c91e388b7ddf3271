import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { admin, approvedQuest, call, type Explorer, submitTaskProof } from '../../../test/quest-fixtures.ts';

// docs/product-rules/offline-play.md#live-updates
let t: TestApp;
let origin: string;
let guide: Explorer;
let moderator: Explorer;
const streams: Stream[] = [];
beforeAll(async () => {
  // Heartbeats every 200 ms instead of 20 s, so that a test sees some.
  t = await createTestApp({ liveHeartbeatMs: 200 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  guide = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

type Received = { id: string; event: string; data: Record<string, unknown>; at: number };

type Stream = {
  status: number;
  contentType: string | null;
  received: Received[];
  /** Everything the server wrote, comments included. */
  text(): string;
  /** Resolves with the first event not yet taken that `match` accepts, or rejects after `ms`. */
  next(match: (event: Received) => boolean, ms?: number): Promise<Received>;
  close(): void;
};

/** An open GET /events, read as a browser's EventSource would (frames split on blank lines). */
async function openStream(who: Explorer, lastEventId?: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/v1/events`, {
    headers: {
      authorization: `Bearer ${who.session.accessToken}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const received: Received[] = [];
  let raw = '';
  const waiting = new Set<() => void>();
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    while (reader) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      buffer += chunk.value;
      raw += chunk.value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const fields = Object.fromEntries(
          buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line && !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!fields.event) continue;
        received.push({
          id: fields.id ?? '',
          event: fields.event,
          data: JSON.parse(fields.data ?? '{}'),
          at: Date.now(),
        });
        for (const wake of waiting) wake();
      }
    }
  })();
  const taken = new Set<Received>();
  const stream: Stream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    received,
    text: () => raw,
    next(match, ms = 3000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const event = received.find((candidate) => !taken.has(candidate) && match(candidate));
          if (!event) return;
          taken.add(event);
          waiting.delete(look);
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          waiting.delete(look);
          reject(new Error(`no matching event within ${ms} ms; received ${JSON.stringify(received)}`));
        }, ms);
        waiting.add(look);
        look();
      });
    },
    close: () => abort.abort(),
  };
  streams.push(stream);
  return stream;
}

/** Ids are `<instance>.<sequence>`. */
const sequenceOf = (event: Received) => Number(event.id.split('.')[1]);

async function startedQuest(who: Explorer): Promise<string> {
  const id = await approvedQuest(t, guide);
  expect((await call(t, 'POST', '/quest-progress/start', who, { questId: id })).statusCode).toBe(201);
  return id;
}

describe('GET /events', () => {
  it('refuses a caller without a token', async () => {
    const answer = await fetch(`${origin}/api/v1/events`);
    expect(answer.status).toBe(401);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const quiet = await openStream(await registerVerified(t));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(quiet.text().match(/^: heartbeat$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(quiet.received).toEqual([]);
  });

  it("brings an approval to the explorer's stream within a second, and to nobody else's", async () => {
    const explorer = await registerVerified(t);
    const bystander = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const mine = await openStream(explorer);
    const theirs = await openStream(bystander);
    const admins = await openStream(moderator);
    expect([mine.status, mine.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);

    const sent = await submitTaskProof(t, explorer, questId, 1);
    expect(sent.statusCode).toBe(200);
    const queued = await admins.next((event) => event.event === 'moderation');
    const counters = (await call(t, 'GET', '/admin/dashboard', moderator)).json().data;
    expect(queued.data).toEqual({
      type: 'moderation',
      pendingQuests: counters.pendingQuests,
      pendingProofs: counters.pendingProofs,
    });
    expect(counters.pendingProofs).toBeGreaterThan(0);

    const progressId = sent.json().data._id;
    const decided = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    const answeredAt = Date.now();
    const decision = await mine.next((event) => event.event === 'progress', 1000);
    expect(decision.data).toEqual({ type: 'progress', questId, taskOrder: 1, status: 'approved' });
    expect(decision.at - answeredAt).toBeLessThan(1000);
    await mine.next((event) => event.event === 'notification', 1000);

    // The bystander's stream stays quiet: give the events time to arrive, then look.
    await admins.next((event) => event.event === 'moderation');
    expect(theirs.received).toEqual([]);
    expect(
      admins.received.some((event) => event.event === 'progress' || event.event === 'notification'),
    ).toBe(false);
  });

  it('tells of xp and level when the last approval completes the quest', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const mine = await openStream(explorer);
    let progressId = '';
    for (const order of [1, 2, 3]) {
      const sent = await submitTaskProof(t, explorer, questId, order);
      progressId = sent.json().data._id;
    }
    for (const order of [1, 2, 3]) {
      const decided = await call(
        t,
        'PATCH',
        `/admin/quest-progress/${progressId}/task/${order}/verify`,
        moderator,
        {
          status: 'approved',
        },
      );
      expect(decided.statusCode).toBe(200);
    }
    const profile = await mine.next((event) => event.event === 'profile');
    const me = (await call(t, 'GET', '/users/current-user', explorer)).json().data;
    expect(profile.data).toEqual({ type: 'profile', xp: me.xp, level: me.level });
    expect(me.xp).toBeGreaterThan(0);
  });

  it('sends what a reconnecting client missed after its Last-Event-ID, and a resync for an id it does not hold', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const first = await openStream(explorer);
    const sent = await submitTaskProof(t, explorer, questId, 1);
    const progressId = sent.json().data._id;
    await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'rejected',
      feedback: 'The gate is not in the photo.',
    });
    const decision = await first.next((event) => event.event === 'progress');
    const notice = await first.next((event) => event.event === 'notification');
    first.close();

    const [earlier, later] = [decision, notice].sort((a, b) => sequenceOf(a) - sequenceOf(b));
    const again = await openStream(explorer, earlier?.id);
    const missed = await again.next(() => true);
    expect([missed.id, missed.event]).toEqual([later?.id, later?.event]);

    const elsewhere = await openStream(explorer, 'another-instance.12');
    expect((await elsewhere.next(() => true)).event).toBe('resync');
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'tells open streams to fetch afresh when the listening connection was lost, and goes on listening',
    async () => {
      const explorer = await registerVerified(t);
      const questId = await startedQuest(explorer);
      const mine = await openStream(explorer);
      await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'
      `);
      await mine.next((event) => event.event === 'resync', 5000);
      expect((await submitTaskProof(t, explorer, questId, 1)).statusCode).toBe(200);
      const sent = await call(t, 'GET', `/quest-progress/${questId}`, explorer);
      await call(t, 'PATCH', `/admin/quest-progress/${sent.json().data._id}/task/1/verify`, moderator, {
        status: 'approved',
      });
      await mine.next((event) => event.event === 'progress');
    },
  );

  it('signals nothing for a refused decision', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const mine = await openStream(explorer);
    const sent = await submitTaskProof(t, explorer, questId, 1);
    const progressId = sent.json().data._id;
    const refused = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'rejected',
    });
    expect(refused.statusCode).toBe(400);
    await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'approved',
    });
    const first = await mine.next((event) => event.event === 'progress');
    expect(first.data.status).toBe('approved');
  });
});
