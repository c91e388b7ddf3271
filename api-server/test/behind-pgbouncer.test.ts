// Two API processes whose DATABASE_URL is a PgBouncer in transaction pooling (three server connections shared by
// both), with DATABASE_DIRECT_URL for what needs a session: the migrations' lock and LISTEN for live events.
// The hot journeys run through it repeatedly, so a statement or setting left on one server connection would be
// missing on the next (docs/ops/database.md). Runs whenever PostgreSQL answers and pgbouncer is installed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, data, freePorts, startApiProcess } from './api-process.ts';
import { postgresAnswers, scratchDatabase, TEST_POSTGRES_URL } from './local-services.ts';
import { type Pooler, pgbouncerBinary, startPooler } from './pgbouncer.ts';
import { photo, proofForm, questFields, questForm } from './quest-fixtures.ts';

const SUPER = { email: 'chief@pooled.test', password: 'Harbour-Signal#2026' };
const binary = pgbouncerBinary('PgBouncer tests');
const runs = (await postgresAnswers('PgBouncer tests')) && binary !== undefined;

/** Reads the server-sent stream until an event named `name` arrives, and answers its data. */
async function nextEvent(response: Response, name: string): Promise<unknown> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before a '${name}' event`);
    text += decoder.decode(value, { stream: true });
    const event = text.split('\n\n').find((block) => block.split('\n').includes(`event: ${name}`));
    const line = event?.split('\n').find((part) => part.startsWith('data: '));
    if (line) {
      await reader.cancel();
      return JSON.parse(line.slice('data: '.length));
    }
  }
}

describe.runIf(runs)('behind PgBouncer in transaction pooling', () => {
  let pooler: Pooler;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: ApiProcess;
  let b: ApiProcess;
  let chief: string;
  const folders: string[] = [];

  beforeAll(async () => {
    database = await scratchDatabase(TEST_POSTGRES_URL, 'cityquest_pooled');
    pooler = await startPooler(binary as string, TEST_POSTGRES_URL);
    const [portA = 0, adminA = 0, portB = 0, adminB = 0] = await freePorts(4);
    const shared = {
      DATABASE_URL: pooler.urlFor(database.url),
      DATABASE_DIRECT_URL: database.url,
      JWT_SECRET: 'a-secret-both-instances-share-0123456789abcdef',
      SUPER_ADMIN_EMAIL: SUPER.email,
      SUPER_ADMIN_PASSWORD: SUPER.password,
    };
    const folder = async () => {
      const made = await mkdtemp(join(tmpdir(), 'cityquest-pooled-'));
      folders.push(made);
      return made;
    };
    // Started together: they take turns on the migrations through the direct connection's lock.
    [a, b] = await Promise.all([
      startApiProcess(portA, { ...shared, ADMIN_PORT: String(adminA), DATA_DIR: await folder() }),
      startApiProcess(portB, { ...shared, ADMIN_PORT: String(adminB), DATA_DIR: await folder() }),
    ]);
    chief = await a.login(SUPER.email, SUPER.password);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await pooler?.stop();
    await database?.drop();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('plays a quest from sign-up to a decided proof, and the decision reaches the other instance live', async () => {
    const creator = await a.signUp('pooled_creator', 'pooled.test');
    const player = await b.signUp('pooled_player', 'pooled.test');
    const quest = data<{ _id: string; updatedAt: string }>(
      await a.send('POST', '/quests/create-quest', creator.token, await questForm(questFields())),
    );
    data(
      await b.send('PATCH', `/admin/quests/${quest._id}/approve`, chief, { seenUpdatedAt: quest.updatedAt }),
    );
    const progress = data<{ _id: string }>(
      await a.send('POST', '/quest-progress/start', player.token, { questId: quest._id }),
    );
    data(
      await b.send(
        'POST',
        `/quest-progress/task-proof/${quest._id}/1`,
        player.token,
        await proofForm([await photo('#2b8a3e')]),
      ),
    );

    const stream = await fetch(`${b.base}/events`, {
      headers: { authorization: `Bearer ${player.token}`, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const decided = nextEvent(stream, 'progress');
    data(
      await a.send('PATCH', `/admin/quest-progress/${progress._id}/task/1/verify`, chief, {
        status: 'approved',
      }),
    );
    expect(await decided).toMatchObject({
      type: 'progress',
      questId: quest._id,
      taskOrder: 1,
      status: 'approved',
    });
  });

  it('answers the hot reads again and again on both instances, whichever server connection they get', async () => {
    const explorer = await a.signUp('pooled_reader', 'pooled.test');
    const reads = [
      '/quests/my-dashboard',
      '/users/my-profile',
      '/quests?limit=12',
      '/quests/search?search=mural',
      '/quests/popular',
      '/leaderboard',
      '/users/notifications',
    ];
    const failures: string[] = [];
    // More rounds than the pooler has server connections, from two instances at once.
    for (let round = 0; round < 6; round += 1) {
      await Promise.all(
        [a, b].flatMap((instance) =>
          reads.map(async (path) => {
            const answer = await instance.send('GET', path, explorer.token);
            if (answer.status !== 200) failures.push(`${path}: ${answer.status} ${answer.body.message}`);
          }),
        ),
      );
    }
    expect(failures).toEqual([]);
    const admin = await Promise.all(
      ['/admin/dashboard', '/admin/quests?limit=10', '/admin/proofs/pending'].map((path) =>
        b.send('GET', path, chief),
      ),
    );
    expect(admin.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});
