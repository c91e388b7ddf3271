// kill -9 during a stream of writes, then a restart on the same data: every acknowledged write is there, nothing
// is half-written, and the rules that span rows (3 ongoing quests, xp = the sum of completions) still hold. And
// SIGTERM during reads and writes: the server finishes what it accepted and writes the views it held.
// Runs on PGlite files, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  data,
  EXPLORER_PASSWORD,
  freePort,
  type Sent,
  startApiProcess,
} from '../api-process.ts';
import { scratchDatabase } from '../local-services.ts';
import { photo, proofForm, questFields, questForm } from '../quest-fixtures.ts';

const SUPER = { email: 'chief@crash.test', password: 'Harbour-Signal#2026' };

let dataDir: string;
let port: number;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => {};
let server: ApiProcess | undefined;

async function startServer(): Promise<void> {
  server = await startApiProcess(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    // Views reach the database only when the server stops (the SIGTERM case checks they do).
    VIEW_FLUSH_MS: '3600000',
    // One reader sends every read: each must count.
    VIEW_REPEAT_MS: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SUPER_ADMIN_EMAIL: SUPER.email,
    SUPER_ADMIN_PASSWORD: SUPER.password,
  });
}

const running = (): ApiProcess => {
  if (!server) throw new Error('no server is running');
  return server;
};
const killHard = async () => server?.kill();
const stopGracefully = () => running().stop();
const send = (...args: Parameters<ApiProcess['send']>): Promise<Sent> => running().send(...args);
const signUp = (name: string) => running().signUp(name, 'crash.test');
const login = async (body: { email: string; password: string }) => running().login(body.email, body.password);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cityquest-crash-'));
  port = await freePort();
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL, 'cityquest_crash');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  await startServer();
}, 90_000);

afterAll(async () => {
  await killHard();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed with SIGKILL in the middle of writes', () => {
  it('restarts with every acknowledged write whole and the cross-row rules intact', async () => {
    const creator = await signUp('crash_creator');
    const player = await signUp('crash_player');
    const chief = await login({ email: SUPER.email, password: SUPER.password });

    // Approved quests to play, each with 3 tasks.
    const playable: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const quest = data<{ _id: string; updatedAt: string }>(
        await send(
          'POST',
          '/quests/create-quest',
          creator.token,
          await questForm(questFields({ title: `Crash quest ${i}` })),
        ),
      );
      data(
        await send('PATCH', `/admin/quests/${quest._id}/approve`, chief, { seenUpdatedAt: quest.updatedAt }),
      );
      playable.push(quest._id);
    }

    // One quest played to completion before the crash: its xp must survive.
    const finished = playable[0] as string;
    data(await send('POST', '/quest-progress/start', player.token, { questId: finished }));
    for (const order of [1, 2, 3]) {
      data(
        await send(
          'POST',
          `/quest-progress/task-proof/${finished}/${order}`,
          player.token,
          await proofForm([await photo()]),
        ),
      );
      data(
        await send('POST', `/admin/verify-task/${finished}/${order}`, chief, {
          userId: player.id,
          approved: true,
        }),
      );
    }

    // The stream: quest creations, starts beyond the limit, proofs and approvals, all at once; the kill lands
    // while they are in flight.
    const acknowledged = {
      quests: [] as string[],
      started: [] as string[],
      approved: [] as [string, number][],
    };
    const forms = await Promise.all(
      Array.from({ length: 8 }, (_, i) => questForm(questFields({ title: `In flight ${i}` }))),
    );
    const proof = await proofForm([await photo('#e8590c')]);
    const writes: Promise<unknown>[] = [
      ...forms.map((form) =>
        send('POST', '/quests/create-quest', creator.token, form).then((sent) => {
          if (sent.status === 201) acknowledged.quests.push((sent.body.data as { _id: string })._id);
        }),
      ),
      ...playable.slice(1).map((questId) =>
        send('POST', '/quest-progress/start', player.token, { questId }).then(async (sent) => {
          if (sent.status !== 201) return;
          acknowledged.started.push(questId);
          const submitted = await send(
            'POST',
            `/quest-progress/task-proof/${questId}/1`,
            player.token,
            proof,
          );
          if (submitted.status !== 200) return;
          const verified = await send('POST', `/admin/verify-task/${questId}/1`, chief, {
            userId: player.id,
            approved: true,
          });
          if (verified.status === 200) acknowledged.approved.push([questId, 1]);
        }),
      ),
    ].map((write) => write.catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await killHard();
    await Promise.all(writes);

    await startServer();
    const admin = await login({ email: SUPER.email, password: SUPER.password });
    const me = await login({ email: 'crash_player@crash.test', password: EXPLORER_PASSWORD });

    // Acknowledged quests are there in full; no quest anywhere lacks its tasks or photo.
    const all = data<{ quests: { _id: string; title: string; tasks: unknown[]; files: unknown[] }[] }>(
      await send('GET', '/admin/quests?limit=100', admin),
    ).quests;
    const ids = all.map((quest) => quest._id);
    for (const id of acknowledged.quests) expect(ids).toContain(id);
    for (const quest of all) {
      expect(quest.tasks, quest.title).toHaveLength(3);
      expect(quest.files.length, quest.title).toBeGreaterThan(0);
    }

    // Never more than 3 ongoing; every acknowledged start and approval survived.
    const ongoing = data<{ quest_id: { _id: string } }[]>(await send('GET', '/quest-progress/ongoing', me));
    expect(ongoing.length).toBeLessThanOrEqual(3);
    const ongoingIds = ongoing.map((record) => record.quest_id._id);
    for (const id of acknowledged.started) expect(ongoingIds).toContain(id);
    expect(acknowledged.started.length).toBeLessThanOrEqual(3);
    for (const [questId, order] of acknowledged.approved) {
      const progress = data<{ completed_tasks: string[] }>(
        await send('GET', `/quest-progress/${questId}`, me),
      );
      const quest = data<{ tasks: { _id: string; order: number }[] }>(
        await send('GET', `/quests/${questId}`, me),
      );
      const task = quest.tasks.find((candidate) => candidate.order === order);
      // completed_tasks lists task ids (docs/product-rules/api-shapes.md#field-names).
      expect(progress.completed_tasks).toContain(task?._id);
    }

    // Xp is exactly the sum of the completions.
    const completed = data<{ quests: { xpEarned: number; quest_id: { _id: string } }[] }>(
      await send('GET', '/users/completed-quests', me),
    ).quests;
    expect(completed.map((record) => record.quest_id._id)).toEqual([finished]);
    const profile = data<{ totalXP: number }>(await send('GET', '/users/my-profile', me));
    expect(profile.totalXP).toBe(completed.reduce((sum, record) => sum + record.xpEarned, 0));
    expect(profile.totalXP).toBeGreaterThan(0);
  }, 120_000);

  // PostgreSQL only: PGlite lives inside the server process and has no connection to lose.
  if (process.env.TEST_DATABASE_URL) {
    it('serves again once PostgreSQL drops every connection and accepts new ones', async () => {
      const token = await login({ email: SUPER.email, password: SUPER.password });
      const name = new URL(databaseUrl ?? '').pathname.slice(1);
      const reads = async (count: number) =>
        Promise.all(
          Array.from({ length: count }, () => send('GET', '/quests?limit=12', token).catch(() => null)),
        );
      await reads(10);
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await killer.connect();
      const [during] = await Promise.all([
        reads(20),
        killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        ),
      ]);
      await killer.end();
      // Requests caught by the drop may fail, but only with the error envelope, never a hung or dead server.
      for (const sent of during) if (sent && sent.status >= 500) expect(sent.body.message).toBeTruthy();
      const deadline = Date.now() + 10_000;
      let healthy = false;
      while (!healthy && Date.now() < deadline) {
        const after = await reads(5);
        healthy = after.every((sent) => sent?.status === 200);
      }
      expect(healthy).toBe(true);
      expect(server?.child.exitCode).toBeNull();
    }, 60_000);
  }
});

describe('a server stopped with SIGTERM in the middle of reads and writes', () => {
  it('finishes what it accepted, and after a restart has every acknowledged write and the views it held', async () => {
    const creator = await signUp('term_creator');
    const reader = await signUp('term_reader');
    const chief = await login({ email: SUPER.email, password: SUPER.password });
    const quest = data<{ _id: string; updatedAt: string }>(
      await send(
        'POST',
        '/quests/create-quest',
        creator.token,
        await questForm(questFields({ title: 'Watched' })),
      ),
    );
    data(
      await send('PATCH', `/admin/quests/${quest._id}/approve`, chief, { seenUpdatedAt: quest.updatedAt }),
    );
    // The creator's own reads count no view, so they read the count without changing it.
    const viewsNow = async (token: string) =>
      data<{ views: number }>(await send('GET', `/quests/${quest._id}`, token)).views;
    const before = await viewsNow(creator.token);

    // Views are held in memory until the stop (VIEW_FLUSH_MS is an hour here).
    const sentReads = 40;
    const acknowledged = { reads: 0, quests: [] as string[] };
    const forms = await Promise.all(
      Array.from({ length: 6 }, (_, i) => questForm(questFields({ title: `Stopping ${i}` }))),
    );
    const stream = [
      ...Array.from({ length: sentReads }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 10))
          .then(() => send('GET', `/quests/${quest._id}`, reader.token))
          .then((sent) => {
            if (sent.status === 200) acknowledged.reads += 1;
          }),
      ),
      ...forms.map((form) =>
        send('POST', '/quests/create-quest', creator.token, form).then((sent) => {
          if (sent.status === 201) acknowledged.quests.push((sent.body.data as { _id: string })._id);
        }),
      ),
    ].map((request) => request.catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ended = await stopGracefully();
    await Promise.all(stream);
    // It closed itself (close-with-grace), rather than being killed by the signal.
    expect(ended.signal).toBeNull();
    expect(acknowledged.reads).toBeGreaterThan(0);

    await startServer();
    const creatorAgain = await login({ email: 'term_creator@crash.test', password: EXPLORER_PASSWORD });
    const after = await viewsNow(creatorAgain);
    expect(after).toBeGreaterThanOrEqual(before + acknowledged.reads);
    expect(after).toBeLessThanOrEqual(before + sentReads);
    const admin = await login({ email: SUPER.email, password: SUPER.password });
    const ids = data<{ quests: { _id: string }[] }>(
      await send('GET', '/admin/quests?limit=100', admin),
    ).quests.map((listed) => listed._id);
    for (const id of acknowledged.quests) expect(ids).toContain(id);
  }, 120_000);
});
