// Two API processes (A and B, as `npm run api` starts them) started together on one PostgreSQL database, one
// Redis and one S3-compatible bucket, as a deployment runs them behind a load balancer. Each holds its account
// and catalogue caches for an hour: what B serves after a change made through A is what Redis told it, not what a
// cache time let through. Runs whenever PostgreSQL and Redis answer on this machine (CI's machine starts both).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, data, freePorts, startApiProcess } from './api-process.ts';
import {
  postgresAnswers,
  redisAnswers,
  scratchDatabase,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
} from './local-services.ts';
import { photo, proofForm, questFields, questForm } from './quest-fixtures.ts';
import { type S3Server, startS3Server } from './s3-server.ts';

const SUPER = { email: 'chief@pair.test', password: 'Harbour-Signal#2026' };
/** Both instances answer as one site: the load balancer's address, which signed file addresses carry. */
const SITE = 'http://cityquest.test';
// Above the sign-ups this file makes (each route has its own count), low enough to reach in a test.
const AUTH_LIMIT = 10;
const hour = String(60 * 60 * 1000);

const services = [await postgresAnswers('two-process tests'), await redisAnswers('two-process tests')];

describe.runIf(services.every(Boolean))('two API processes behind one address', () => {
  let a: ApiProcess;
  let b: ApiProcess;
  let s3: S3Server;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  const folders: string[] = [];
  let chief: string;

  beforeAll(async () => {
    [database, s3] = await Promise.all([
      scratchDatabase(TEST_POSTGRES_URL, 'cityquest_pair'),
      startS3Server(),
    ]);
    const [portA = 0, adminA = 0, portB = 0, adminB = 0] = await freePorts(4);
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      // This run's own keys and channel: no other run shares a counter with it.
      REDIS_PREFIX: `cityquest-test:${randomUUID()}:`,
      STORAGE_URL: s3.storageUrl,
      JWT_SECRET: 'a-secret-both-instances-share-0123456789abcdef',
      PUBLIC_ORIGIN: SITE,
      ACCOUNT_CACHE_MS: hour,
      CATALOGUE_CACHE_MS: hour,
      VIEW_FLUSH_MS: hour,
      // One reader sends every read below: each must count.
      VIEW_REPEAT_MS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      SUPER_ADMIN_EMAIL: SUPER.email,
      SUPER_ADMIN_PASSWORD: SUPER.password,
    };
    const folder = async () => {
      const made = await mkdtemp(join(tmpdir(), 'cityquest-pair-'));
      folders.push(made);
      return made;
    };
    // Started together: they take turns on the migrations and the start-up work (the first super admin).
    [a, b] = await Promise.all([
      startApiProcess(portA, { ...shared, ADMIN_PORT: String(adminA), DATA_DIR: await folder() }),
      startApiProcess(portB, { ...shared, ADMIN_PORT: String(adminB), DATA_DIR: await folder() }),
    ]);
    chief = await a.login(SUPER.email, SUPER.password);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await Promise.all([database?.drop(), s3?.close()]);
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('refuses on B, at its very next call, an account suspended through A', async () => {
    const explorer = await a.signUp('pair_suspended', 'pair.test');
    // B now holds the account in its cache for an hour.
    expect((await b.send('GET', '/users/my-profile', explorer.token)).status).toBe(200);
    data(await a.send('PATCH', `/admin/users/${explorer.id}/suspend`, chief, { reason: 'Spam' }));
    const next = await b.send('GET', '/users/my-profile', explorer.token);
    expect(next.status).toBe(403);
  });

  it('counts a sign-in limit over the requests sent to both', async () => {
    const ask = (instance: ApiProcess) =>
      instance.send('POST', '/users/request-password-reset', undefined, { email: 'nobody@pair.test' });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 1; i += 1) statuses.push((await ask(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(200), 429]);
    expect((await ask(a)).status).toBe(429);
  });

  it('serves through B a proof photo uploaded through A, from the shared bucket', async () => {
    const creator = await a.signUp('pair_creator', 'pair.test');
    const player = await a.signUp('pair_player', 'pair.test');
    const quest = data<{ _id: string; updatedAt: string }>(
      await a.send('POST', '/quests/create-quest', creator.token, await questForm(questFields())),
    );
    data(
      await a.send('PATCH', `/admin/quests/${quest._id}/approve`, chief, { seenUpdatedAt: quest.updatedAt }),
    );
    data(await a.send('POST', '/quest-progress/start', player.token, { questId: quest._id }));
    const proof = await photo('#e8590c');
    const progress = data<{ taskProofs: Record<string, { proofImages: string[] }> }>(
      await a.send(
        'POST',
        `/quest-progress/task-proof/${quest._id}/1`,
        player.token,
        await proofForm([proof]),
      ),
    );
    const address = new URL(progress.taskProofs['1']?.proofImages[0] ?? '');
    expect(address.origin).toBe(SITE);
    const throughB = await fetch(`http://127.0.0.1:${b.port}${address.pathname}${address.search}`);
    expect(throughB.status).toBe(200);
    expect(throughB.headers.get('content-type')).toBe('image/webp');

    // The avatar sent to A is read from the bucket, as every public file is, whichever instance answered.
    const profile = data<{ avatar: string }>(await b.send('GET', '/users/current-user', creator.token));
    expect(profile.avatar.startsWith(`${s3.endpoint}/${s3.bucket}/avatars/`)).toBe(true);
    expect((await fetch(profile.avatar)).status).toBe(200);
  });

  it("shows a quest approved through A in B's catalogue at once, though B had the catalogue cached", async () => {
    const creator = await a.signUp('pair_author', 'pair.test');
    const quest = data<{ _id: string; updatedAt: string }>(
      await a.send(
        'POST',
        '/quests/create-quest',
        creator.token,
        await questForm(questFields({ title: 'Seen on both' })),
      ),
    );
    const listedOnB = async () =>
      data<{ quests: { _id: string }[] }>(await b.send('GET', '/quests?limit=50', creator.token)).quests.some(
        (listed) => listed._id === quest._id,
      );
    expect(await listedOnB()).toBe(false);
    data(
      await a.send('PATCH', `/admin/quests/${quest._id}/approve`, chief, { seenUpdatedAt: quest.updatedAt }),
    );
    expect(await listedOnB()).toBe(true);
  });

  it('loses no acknowledged write when A stops with SIGTERM mid-stream, and B keeps serving', async () => {
    const creator = await a.signUp('pair_watched', 'pair.test');
    const reader = await a.signUp('pair_reader', 'pair.test');
    const quest = data<{ _id: string; updatedAt: string }>(
      await a.send(
        'POST',
        '/quests/create-quest',
        creator.token,
        await questForm(questFields({ title: 'Watched' })),
      ),
    );
    data(
      await a.send('PATCH', `/admin/quests/${quest._id}/approve`, chief, { seenUpdatedAt: quest.updatedAt }),
    );
    // The creator's own reads count no view.
    const viewsOnB = async () =>
      data<{ views: number }>(await b.send('GET', `/quests/${quest._id}`, creator.token)).views;
    const before = await viewsOnB();

    // Views are held in A's memory (VIEW_FLUSH_MS is an hour) and quests are written at once: both must survive.
    const sentReads = 30;
    const acknowledged = { reads: 0, quests: [] as string[] };
    const forms = await Promise.all(
      Array.from({ length: 4 }, (_, i) => questForm(questFields({ title: `Stopping ${i}` }))),
    );
    const stream = [
      ...Array.from({ length: sentReads }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 10))
          .then(() => a.send('GET', `/quests/${quest._id}`, reader.token))
          .then((sent) => {
            if (sent.status === 200) acknowledged.reads += 1;
          }),
      ),
      ...forms.map((form) =>
        a.send('POST', '/quests/create-quest', creator.token, form).then((sent) => {
          if (sent.status === 201) acknowledged.quests.push((sent.body.data as { _id: string })._id);
        }),
      ),
    ].map((request) => request.catch(() => undefined));
    // B serves throughout: a read on B every 20 ms while A stops.
    let serving = true;
    const bStatuses: number[] = [];
    const watchB = (async () => {
      while (serving) {
        bStatuses.push((await b.send('GET', '/health')).status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ended = await a.stop();
    await Promise.all(stream);
    serving = false;
    await watchB;
    expect(ended.signal).toBeNull();
    expect(acknowledged.reads).toBeGreaterThan(0);
    expect(bStatuses.length).toBeGreaterThan(0);
    expect(bStatuses.every((status) => status === 200)).toBe(true);

    const after = await viewsOnB();
    expect(after).toBeGreaterThanOrEqual(before + acknowledged.reads);
    expect(after).toBeLessThanOrEqual(before + sentReads);
    const mine = data<{ quests: { _id: string }[] }>(
      await b.send('GET', '/quests/my-quests?limit=50', creator.token),
    ).quests.map((listed) => listed._id);
    for (const id of acknowledged.quests) expect(mine).toContain(id);
    expect(
      (await b.send('POST', '/quests/create-quest', creator.token, await questForm(questFields()))).status,
    ).toBe(201);
  });
});
