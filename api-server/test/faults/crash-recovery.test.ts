// kill -9 during a stream of writes, then a restart on the same data: every acknowledged write is there, nothing
// is half-written, and the rules that span rows (3 ongoing quests, xp = the sum of completions) still hold. And
// SIGTERM during reads and writes: the server finishes what it accepted and writes the views it held.
// Runs on PGlite files, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../fixtures.ts';
import { photo, proofForm, questFields, questForm } from '../quest-fixtures.ts';

const API_ROOT = join(import.meta.dirname, '../..');
const SUPER = { email: 'chief@crash.test', password: 'Harbour-Signal#2026' };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let dataDir: string;
let port: number;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => {};
let server: ChildProcess | undefined;
const base = () => `http://127.0.0.1:${port}/api/v1`;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Reads mailed codes from the dev outbox.
      DEV_MODE: '1',
      PORT: String(port),
      ADMIN_PORT: String(port + 1),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: '',
      LOG_LEVEL: 'fatal',
      // Views reach the database only when the server stops (the SIGTERM case checks they do).
      VIEW_FLUSH_MS: '3600000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SUPER_ADMIN_EMAIL: SUPER.email,
      SUPER_ADMIN_PASSWORD: SUPER.password,
      GEOCODER_URL: 'http://127.0.0.1:9',
      PLACES_URL: 'http://127.0.0.1:9',
      ROUTER_URL: 'http://127.0.0.1:9',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base()}/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

function killHard(): Promise<void> {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

/** SIGTERM, as a process manager stops an instance; answers how the process ended. */
function stopGracefully(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve({ code: server?.exitCode ?? null, signal: null });
    server.once('exit', (code, signal) => resolve({ code, signal }));
    server.kill('SIGTERM');
  });
}

type Sent = { status: number; body: { data?: unknown; message?: string } };

async function send(
  method: string,
  path: string,
  token?: string,
  body?: object | { payload: Buffer; headers: Record<string, string> },
): Promise<Sent> {
  const isForm = body && 'payload' in body;
  const response = await fetch(`${base()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(isForm
        ? (body as { headers: Record<string, string> }).headers
        : body
          ? { 'content-type': 'application/json' }
          : {}),
    },
    body: isForm
      ? new Uint8Array((body as { payload: Buffer }).payload)
      : body
        ? JSON.stringify(body)
        : undefined,
  });
  return { status: response.status, body: (await response.json()) as Sent['body'] };
}

const data = <T>(sent: Sent) => {
  if (sent.status >= 300) throw new Error(`${sent.status} ${sent.body.message}`);
  return sent.body.data as T;
};

async function signUp(name: string): Promise<{ id: string; token: string }> {
  const email = `${name}@crash.test`;
  const password = 'Explorer#2026pass';
  const form = await multipart([
    { name: 'username', value: name },
    { name: 'fullName', value: name },
    { name: 'email', value: email },
    { name: 'password', value: password },
    { name: 'confirmPassword', value: password },
    { name: 'avatar', file: await png(), filename: 'a.png', type: 'image/png' },
    { name: 'coverImage', file: await png(), filename: 'c.png', type: 'image/png' },
  ]);
  data(await send('POST', '/users/register', undefined, form));
  const [mail] = data<{ text: string }[]>(await send('GET', `/dev/outbox?to=${encodeURIComponent(email)}`));
  const code = /\b(\d{4})\b/.exec(mail?.text ?? '')?.[1];
  const session = data<{ accessToken: string; user: { _id: string } }>(
    await send('POST', '/users/verify-email', undefined, { email, verificationCode: code }),
  );
  return { id: session.user._id, token: session.accessToken };
}

const login = async (body: object) =>
  data<{ accessToken: string }>(await send('POST', '/users/login', undefined, body)).accessToken;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cityquest-crash-'));
  port = await freePort();
  if (process.env.TEST_DATABASE_URL) {
    const name = `cityquest_crash_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
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
      const quest = data<{ _id: string }>(
        await send(
          'POST',
          '/quests/create-quest',
          creator.token,
          await questForm(questFields({ title: `Crash quest ${i}` })),
        ),
      );
      data(await send('PATCH', `/admin/quests/${quest._id}/approve`, chief, {}));
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
    const me = await login({ email: 'crash_player@crash.test', password: 'Explorer#2026pass' });

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
      expect(server?.exitCode).toBeNull();
    }, 60_000);
  }
});

describe('a server stopped with SIGTERM in the middle of reads and writes', () => {
  it('finishes what it accepted, and after a restart has every acknowledged write and the views it held', async () => {
    const creator = await signUp('term_creator');
    const reader = await signUp('term_reader');
    const chief = await login({ email: SUPER.email, password: SUPER.password });
    const quest = data<{ _id: string }>(
      await send(
        'POST',
        '/quests/create-quest',
        creator.token,
        await questForm(questFields({ title: 'Watched' })),
      ),
    );
    data(await send('PATCH', `/admin/quests/${quest._id}/approve`, chief, {}));
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
    const creatorAgain = await login({ email: 'term_creator@crash.test', password: 'Explorer#2026pass' });
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
