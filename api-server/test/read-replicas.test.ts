// The API with a streaming read replica (docs/ops/database.md#read-replicas): a fresh primary and its
// pg_basebackup replica, whose replay the test holds to tell which server answered. A public read is answered by
// the replica; the writer's own reads right after a write go to the primary; a replica trailing by more than
// DATABASE_REPLICA_MAX_LAG_MS, or stopped, is left for the primary. Runs wherever PostgreSQL's server programs are
// installed (as on this machine kind).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { admin, approveAsRead, call, type Explorer, submitQuest } from './quest-fixtures.ts';
import { postgresPrograms, type ReplicatedCluster, startReplicatedCluster } from './replica-cluster.ts';

const programs = postgresPrograms('Read replica tests');
const MAX_LAG_MS = 3000;
const METRICS_TOKEN = 'a-scraper-token-of-at-least-32-characters';

describe.runIf(programs !== undefined)('with a read replica', () => {
  let cluster: ReplicatedCluster;
  let t: TestApp;
  let creator: Explorer;
  let moderator: Explorer;
  let reader: Explorer;

  const replica = () => t.database.replicas?.state()[0];
  /** Waits until the replica has replayed everything and is read from again. */
  const caughtUp = () =>
    expect.poll(() => replica(), { timeout: 20_000, interval: 50 }).toMatchObject({ inUse: true, lagMs: 0 });
  const asVisitor = (url: string) => t.request({ method: 'GET', url: `/api/v1${url}` });
  /** What /metrics says of the replica being read from. */
  const replicaInUse = async () => {
    const scraped = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return /^cityquest_db_replica_in_use\{replica="127\.0\.0\.1:\d+"\} (\d)$/m.exec(scraped.body)?.[1];
  };
  const pendingQuest = async () => {
    const submitted = await submitQuest(t, creator);
    expect(submitted.statusCode).toBe(201);
    return submitted.json().data._id as string;
  };

  beforeAll(async () => {
    cluster = await startReplicatedCluster(programs as string);
    const database = openPostgres({
      url: cluster.primaryUrl,
      replicaUrls: [cluster.replicaUrl],
      replicaMaxLagMs: MAX_LAG_MS,
    });
    await database.migrate();
    t = await createTestApp({ metricsToken: METRICS_TOKEN }, { database });
    [creator, moderator, reader] = await Promise.all([registerVerified(t), admin(t), registerVerified(t)]);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  it('answers a public read from the replica, and the writer’s own reads from the primary', async () => {
    const quest = await pendingQuest();
    await caughtUp();
    expect(await replicaInUse()).toBe('1');
    await cluster.pauseReplay();
    try {
      expect((await approveAsRead(t, moderator, quest)).statusCode).toBe(200);
      // The replica has not replayed the approval: to a visitor and to another explorer the quest is not public yet.
      expect((await asVisitor(`/quests/${quest}`)).statusCode).toBe(404);
      expect((await call(t, 'GET', `/quests/${quest}`, reader)).statusCode).toBe(404);
      // The moderator who approved it reads their own write.
      const own = await call(t, 'GET', '/admin/quests?status=approved', moderator);
      expect(own.json().data.quests.map((each: { _id: string }) => each._id)).toContain(quest);

      // Once the replica trails by more than the allowed lag, everyone reads the primary.
      await expect
        .poll(() => replica(), { timeout: MAX_LAG_MS * 4, interval: 100 })
        .toMatchObject({ inUse: false });
      expect((await asVisitor(`/quests/${quest}`)).statusCode).toBe(200);
    } finally {
      await cluster.resumeReplay();
    }
    await caughtUp();
    expect((await call(t, 'GET', `/quests/${quest}`, reader)).statusCode).toBe(200);
  });

  it('falls back to the primary when the replica stops', async () => {
    const quest = await pendingQuest();
    expect((await approveAsRead(t, moderator, quest)).statusCode).toBe(200);
    await caughtUp();
    cluster.stopReplica();
    // The first read finds the replica gone and is answered by the primary; the next check stops using it.
    const page = await asVisitor(`/quests/${quest}`);
    expect(page.statusCode).toBe(200);
    const listed = await asVisitor('/quests?limit=50');
    expect(listed.json().data.quests.map((each: { _id: string }) => each._id)).toContain(quest);
    await expect.poll(() => replica(), { timeout: 10_000, interval: 100 }).toMatchObject({ inUse: false });
    expect(await replicaInUse()).toBe('0');
    expect((await call(t, 'GET', '/leaderboard?period=all', reader)).statusCode).toBe(200);
  });
});
