import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/helper.ts';
import { fileAddressesFor, privateFileUrlsFor } from '../app.ts';
import {
  actionLogs,
  friendRequests,
  photoHashes,
  questFiles,
  questProgress,
  questReviews,
  quests,
  questTasks,
  questTips,
  taskProofs,
  users,
} from '../db/schema.ts';
import { createProcessCoordination } from '../lib/coordination.ts';
import { createImagePool } from '../lib/image-pool.ts';
import { ensureBadgeCatalogue } from '../modules/badges/badge-awards.ts';
import { createCatalogueCache } from '../modules/quests/index.ts';
import { createLocalStorage } from '../plugins/storage.ts';
import { DEMO_EXPLORER_PASSWORD, DEMO_EXPLORERS, seedDemoCity } from './demo-city.ts';

let t: TestApp;
let seconds = 0;
const log = { info: () => undefined };
const images = createImagePool({ threads: 1 });
const deps = () => ({
  db: t.database.db,
  catalogue: createCatalogueCache(0, createProcessCoordination()),
  storage: createLocalStorage(t.config.storageDir),
  files: fileAddressesFor(t.config, privateFileUrlsFor(t.config)),
  images,
  log,
});

beforeAll(async () => {
  t = await createTestApp();
  await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
  const started = Date.now();
  await seedDemoCity(deps());
  seconds = (Date.now() - started) / 1000;
}, 120_000);
afterAll(async () => {
  await images.close();
  await t.close();
});

async function signIn(username: string, password: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.accessToken;
}

const get = async (token: string, url: string) =>
  (await t.request({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })).json().data;

describe('the demo city', () => {
  it('seeds in reasonable time', () => {
    expect(seconds).toBeLessThan(60);
  });

  it('has 60+ approved quests across at least five cities, every category and difficulty, on real routes', async () => {
    const rows = await t.database.db.select().from(quests);
    const approved = rows.filter((quest) => quest.status === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(60);
    expect(new Set(approved.map((quest) => quest.city)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(approved.map((quest) => quest.category)).size).toBe(6);
    expect(new Set(approved.map((quest) => quest.difficulty)).size).toBe(3);
    expect(rows.some((quest) => quest.status === 'pending')).toBe(true);
    expect(rows.some((quest) => quest.status === 'rejected' && quest.rejectionReason)).toBe(true);
    for (const quest of rows) {
      expect(quest.waypoints.length).toBeGreaterThanOrEqual(2);
      expect(quest.waypoints.length).toBeLessThanOrEqual(6);
      expect(quest.tags.length).toBeGreaterThan(0);
      // Route ends are place names with their points: the first and last stops.
      expect([quest.startLocation, quest.endLocation]).toEqual([
        quest.waypoints[0]?.name,
        quest.waypoints.at(-1)?.name,
      ]);
      expect([quest.startLat, quest.startLng]).toEqual([quest.waypoints[0]?.lat, quest.waypoints[0]?.lng]);
      expect([quest.endLat, quest.endLng]).toEqual([
        quest.waypoints.at(-1)?.lat,
        quest.waypoints.at(-1)?.lng,
      ]);
      for (const point of quest.waypoints) {
        // Inside India's bounding box.
        expect(point.lat).toBeGreaterThan(6);
        expect(point.lat).toBeLessThan(36);
        expect(point.lng).toBeGreaterThan(68);
        expect(point.lng).toBeLessThan(98);
      }
      const tasks = await t.database.db
        .select({ value: count() })
        .from(questTasks)
        .where(eq(questTasks.questId, quest.id));
      expect(tasks[0]?.value).toBeGreaterThanOrEqual(2);
      expect(tasks[0]?.value).toBeLessThanOrEqual(5);
      const tips = await t.database.db
        .select({ value: count() })
        .from(questTips)
        .where(eq(questTips.questId, quest.id));
      expect(tips[0]?.value).toBeGreaterThanOrEqual(1);
    }
    const files = await t.database.db.select().from(questFiles);
    expect(new Set(files.map((file) => file.questId)).size).toBe(rows.length);
    await access(join(t.config.storageDir, files[0]?.url.replace('/uploads/', '') ?? 'missing'));
  });

  it('gives every demo explorer xp, category xp, badges and streaks computed by the real rules', async () => {
    const token = await signIn('explorer', 'Chai-Stepwell-2026');
    const profile = await get(token, '/users/my-profile');
    // The e2e journey expects the demo explorer at level 2.
    expect(profile).toMatchObject({ level: 2, currentStreak: 6, questsCompleted: 6, questsOngoing: 2 });
    expect(profile.badgesEarned).toBeGreaterThanOrEqual(4);
    expect(profile.distanceExplored).toBeGreaterThan(1);
    for (const person of [...DEMO_EXPLORERS.map((entry) => entry.username), 'explorer']) {
      const [user] = await t.database.db.select().from(users).where(eq(users.username, person));
      if (!user) throw new Error(`no ${person}`);
      const records = await t.database.db
        .select()
        .from(questProgress)
        .where(eq(questProgress.userId, user.id));
      const earned = records.reduce((sum, record) => sum + record.xpAwarded, 0);
      expect(user.xp).toBe(earned);
      expect(Object.values(user.categoryXP).reduce((sum, value) => sum + value, 0)).toBe(earned);
      expect(records.filter((record) => record.status === 'ongoing').length).toBeLessThanOrEqual(3);
    }
    const ongoing = await get(token, '/quest-progress/ongoing');
    expect(ongoing).toHaveLength(2);
  });

  it('lets the extra demo explorers sign in, with friends, reviews and proofs waiting for review', async () => {
    const priya = await signIn('priya', DEMO_EXPLORER_PASSWORD);
    await signIn('rahul', DEMO_EXPLORER_PASSWORD);
    const friends = await get(priya, '/friends/my-friends');
    expect(friends.friends.length).toBeGreaterThanOrEqual(3);
    const moderator = await signIn('moderator', 'Monsoon-Ledger-2026');
    const pending = await get(moderator, '/admin/proofs/pending');
    expect(pending.pagination.totalProofs).toBeGreaterThanOrEqual(5);
    const located = pending.proofs.flatMap(
      (entry: { taskProofs: Record<string, { photoLocation: unknown }> }) =>
        Object.values(entry.taskProofs).map((proof) => proof.photoLocation),
    );
    expect(located.every((location: unknown) => location !== null)).toBe(true);
    const [reviews] = await t.database.db.select({ value: count() }).from(questReviews);
    expect(reviews?.value).toBeGreaterThan(20);
    const rated = await t.database.db.select().from(quests);
    for (const quest of rated) {
      const [own] = await t.database.db
        .select({ value: count() })
        .from(questReviews)
        .where(eq(questReviews.questId, quest.id));
      expect(quest.totalReviews).toBe(own?.value);
    }
    const [logs] = await t.database.db.select({ value: count() }).from(actionLogs);
    expect(logs?.value).toBeGreaterThan(50);
  });

  it('gives moderators a proof far from its stop and one copying another explorer’s photo, the rest clean', async () => {
    const waiting = await t.database.db
      .select({ flags: taskProofs.flags, evidence: taskProofs.evidence })
      .from(taskProofs)
      .where(eq(taskProofs.status, 'submitted'));
    const flagged = (flag: string) => waiting.filter((proof) => proof.flags.includes(flag as never));
    expect(flagged('far_from_stop')).toHaveLength(1);
    expect(
      flagged('duplicate_photo').map((proof) => proof.evidence?.matches.map((match) => match.kind)),
    ).toEqual([['other_explorer']]);
    expect(waiting.filter((proof) => proof.flags.length === 0).length).toBeGreaterThan(3);
    const [hashed] = await t.database.db
      .select({ value: count() })
      .from(photoHashes)
      .where(isNull(photoHashes.proofId));
    expect(hashed?.value).toBe((await t.database.db.select().from(questFiles)).length * 6);
  });

  it('changes nothing when run again', async () => {
    const counts = async () =>
      Promise.all(
        [quests, users, questProgress, taskProofs, questReviews, friendRequests].map(async (table) => {
          const [row] = await t.database.db.select({ value: count() }).from(table);
          return row?.value;
        }),
      );
    const before = await counts();
    await seedDemoCity(deps());
    expect(await counts()).toEqual(before);
  });
});
