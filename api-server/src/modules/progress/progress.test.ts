import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, registerVerified, storedFileOf } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admin,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  jpegWithGps,
  photo,
  proofForm,
  submitTaskProof,
} from '../../../test/quest-fixtures.ts';
import { actionLogs, notifications, questProgress, quests, users } from '../../db/schema.ts';
import { haversineMeters } from '../../lib/distance.ts';
import { parseExifDate, readPhotoMetadata } from '../../lib/photo-metadata.ts';
import { progressPercent } from '../../lib/progress-math.ts';
import { createLocalStorage } from '../../plugins/storage.ts';
import { ensureBadgeCatalogue } from '../badges/badge-awards.ts';
import { itineraryLengthMeters, nextStreak, utcDay } from './completion.ts';
import { distanceToNearestWaypoint } from './progress-dto.ts';

let t: TestApp;
let guide: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
  guide = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

const start = (who: Explorer, questId: string) => call(t, 'POST', '/quest-progress/start', who, { questId });
const userRow = async (who: Explorer) => {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.id, idOf(who)));
  if (!row) throw new Error('no user');
  return row;
};
const noticesOf = (who: Explorer, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, idOf(who)), eq(notifications.type, type)));
const quest = (overrides: Record<string, string> = {}) => approvedQuest(t, guide, overrides);
/** Where a proof photo's (signed) address points on disk. */
const storedFile = (address: string) => storedFileOf(t, address);
const verify = (questId: string, order: number, who: Explorer, approved: boolean, feedback?: string) =>
  call(t, 'POST', `/admin/verify-task/${questId}/${order}`, moderator, {
    userId: idOf(who),
    approved,
    ...(feedback === undefined ? {} : { feedback }),
  });

describe('rules as functions', () => {
  it('clamps progress to 0..100 and counts streak days by UTC date', () => {
    expect([progressPercent(1, 3), progressPercent(5, 3), progressPercent(0, 0)]).toEqual([33, 100, 0]);
    expect(nextStreak(0, null, '2026-03-10')).toBe(1);
    expect(nextStreak(4, '2026-03-10', '2026-03-10')).toBe(4);
    expect(nextStreak(4, '2026-03-09', '2026-03-10')).toBe(5);
    expect(nextStreak(4, '2026-02-28', '2026-03-01')).toBe(5);
    expect(nextStreak(4, '2026-03-07', '2026-03-10')).toBe(1);
    expect(utcDay(new Date('2026-03-10T23:59:59+05:30'))).toBe('2026-03-10');
  });

  it('measures the route start -> waypoints -> end by haversine (earth radius 6,371,000 m)', () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_194.93, 1);
    const route = {
      startLocation: 'India Gate',
      startLat: 28.6129,
      startLng: 77.2295,
      waypoints: [{ lat: 28.6143, lng: 77.1994, name: 'Rashtrapati Bhavan' }],
      endLocation: 'somewhere saved without coordinates',
      endLat: null,
      endLng: null,
    };
    expect(itineraryLengthMeters(route)).toBeCloseTo(
      haversineMeters({ lat: 28.6129, lng: 77.2295 }, { lat: 28.6143, lng: 77.1994 }),
      6,
    );
    expect(distanceToNearestWaypoint({ lat: 28.6143, lng: 77.1994 }, route.waypoints)).toBe(0);
    expect(distanceToNearestWaypoint({ lat: null, lng: null }, route.waypoints)).toBeNull();
  });

  it('reads GPS and capture time from EXIF, the time as UTC unless an offset is given', async () => {
    const metadata = await readPhotoMetadata(await jpegWithGps(-33.8568, 151.2153));
    expect(metadata.lat).toBeCloseTo(-33.8568, 4);
    expect(metadata.lng).toBeCloseTo(151.2153, 4);
    expect(metadata.takenAt?.toISOString()).toBe('2026-03-14T09:26:53.000Z');
    expect(parseExifDate('2026:03:14 09:26:53', '+05:30')?.toISOString()).toBe('2026-03-14T03:56:53.000Z');
    expect(parseExifDate('garbage', undefined)).toBeNull();
    expect(await readPhotoMetadata(await photo())).toEqual({ lat: null, lng: null, takenAt: null });
  });
});

describe('POST /quest-progress/start', () => {
  it('starts an approved quest once; the creator, pending quests and repeats are refused', async () => {
    const explorer = await registerVerified(t);
    const id = await quest();
    const started = await start(explorer, id);
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({
      quest_id: { _id: id },
      user_id: idOf(explorer),
      status: 'ongoing',
      completed_tasks: [],
      total_tasks: 3,
      progress: 0,
      xpEarned: 0,
      notes: '',
      taskProofs: {},
      completedAt: null,
    });
    expect((await start(explorer, id)).statusCode).toBe(409);
    const own = await start(guide, id);
    expect([own.statusCode, own.json().message]).toEqual([403, 'You cannot start your own quest']);
    await t.database.db.update(quests).set({ status: 'pending' }).where(eq(quests.id, id));
    const other = await registerVerified(t);
    expect((await start(other, id)).statusCode).toBe(404);
    expect((await start(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a fourth ongoing quest with 429 and the documents message', async () => {
    const explorer = await registerVerified(t);
    for (let index = 0; index < 3; index++)
      expect((await start(explorer, await quest())).statusCode).toBe(201);
    const fourth = await start(explorer, await quest());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toContain('3 ongoing quests');
    expect(fourth.json().message).toBe(
      'You can only have 3 ongoing quests at a time. Complete or abandon one of your current quests to start a new adventure.',
    );
  });

  it('holds the limit under 6 concurrent starts: exactly 3 succeed', async () => {
    const explorer = await registerVerified(t);
    const ids = await Promise.all(Array.from({ length: 6 }, () => quest()));
    const answers = await Promise.all(ids.map((id) => start(explorer, id)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
    const rows = await t.database.db
      .select()
      .from(questProgress)
      .where(eq(questProgress.userId, idOf(explorer)));
    expect(rows).toHaveLength(3);
  });
});

describe('ongoing quests, notes and abandoning', () => {
  it('lists ongoing quests newest first, saves notes, and abandoning frees a place', async () => {
    const explorer = await registerVerified(t);
    const [first, second] = [await quest(), await quest()];
    await start(explorer, first);
    await start(explorer, second);
    const ongoing = await call(t, 'GET', '/quest-progress/ongoing', explorer);
    expect(ongoing.json().data.map((entry: { quest_id: { _id: string } }) => entry.quest_id._id)).toEqual([
      second,
      first,
    ]);
    const saved = await call(t, 'PUT', `/quest-progress/${first}`, explorer, {
      notes: '  Come back Sunday. ',
    });
    expect(saved.json().data.notes).toBe('Come back Sunday.');
    expect((await call(t, 'GET', `/quest-progress/${first}`, explorer)).json().data.notes).toBe(
      'Come back Sunday.',
    );

    await submitTaskProof(t, explorer, first, 1);
    const [proofUrl] = (await call(t, 'GET', `/quest-progress/task-proof/${first}/1`, explorer)).json().data
      .proofImages;
    const abandoned = await call(t, 'DELETE', `/quest-progress/${first}`, explorer);
    expect(abandoned.statusCode).toBe(200);
    expect(abandoned.json().data._id).toBe(saved.json().data._id);
    expect((await call(t, 'GET', `/quest-progress/${first}`, explorer)).statusCode).toBe(404);
    await expect(readFile(storedFile(proofUrl))).rejects.toThrow();
    expect((await start(explorer, first)).statusCode).toBe(201);
  });

  it("never shows or changes another explorer's progress (404)", async () => {
    const [owner, stranger] = [await registerVerified(t), await registerVerified(t)];
    const id = await quest();
    await start(owner, id);
    await submitTaskProof(t, owner, id, 1);
    expect((await call(t, 'GET', `/quest-progress/${id}`, stranger)).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/quest-progress/${id}`, stranger, { notes: 'x' })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/quest-progress/${id}`, stranger)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/quest-progress/task-proof/${id}/1`, stranger)).statusCode).toBe(404);
    expect((await submitTaskProof(t, stranger, id, 2)).statusCode).toBe(404);
    const form = await multipart([
      { name: 'file', file: await photo(), filename: 'x.png', type: 'image/png' },
      { name: 'description', value: 'Not my quest' },
    ]);
    const upload = await t.request({
      method: 'POST',
      url: `/api/v1/quest-progress/${id}/submit-proof`,
      headers: { ...bearer(stranger.session.accessToken), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(404);
    const own = (await call(t, 'GET', `/quest-progress/${id}`, owner)).json().data;
    expect(Object.keys(own.taskProofs)).toEqual(['1']);
  });
});

describe('task proofs', () => {
  it('keeps the photo location and time for moderators only and stores the image without EXIF', async () => {
    const explorer = await registerVerified(t);
    const id = await quest();
    await start(explorer, id);
    const gps = await jpegWithGps(28.5884, 77.2215);
    const submitted = await submitTaskProof(t, explorer, id, 2, [gps, await photo()], ' The giant hands. ');
    expect(submitted.statusCode).toBe(200);
    const taskIds = (await call(t, 'GET', `/quests/${id}`, explorer))
      .json()
      .data.tasks.map((task: { _id: string }) => task._id);
    expect(submitted.json().data).toMatchObject({ completed_tasks: [taskIds[1]], progress: 33 });
    const detail = (await call(t, 'GET', `/quests/${id}`, explorer)).json().data;
    expect(detail.progress).toMatchObject({ completed_tasks: [taskIds[1]], progress: 33 });
    const ongoing = (await call(t, 'GET', '/quest-progress/ongoing', explorer)).json().data;
    expect(ongoing[0]).toMatchObject({ completed_tasks: [taskIds[1]] });
    const proof = submitted.json().data.taskProofs['2'];
    expect(proof).toMatchObject({
      taskOrder: 2,
      status: 'submitted',
      notes: 'The giant hands.',
      feedback: null,
    });
    expect(proof.proofFiles).toEqual([
      expect.objectContaining({ name: 'proof-0.jpg', url: proof.proofImages[0] }),
      expect.objectContaining({ name: 'proof-1.jpg', url: proof.proofImages[1] }),
    ]);
    expect(JSON.stringify(submitted.json())).not.toContain('photoLocation');
    const own = await call(t, 'GET', `/quest-progress/task-proof/${id}/2`, explorer);
    expect(own.json().data).not.toHaveProperty('photoLocation');

    const stored = await readFile(storedFile(proof.proofImages[0]));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(await exifr.parse(stored).catch(() => undefined)).toBeUndefined();
    expect(proof.proofFiles[0].size).toBe(stored.length);

    const pending = (await call(t, 'GET', '/admin/proofs/pending?limit=100', moderator)).json().data;
    const entry = pending.proofs.find((item: { _id: string }) => item._id === submitted.json().data._id);
    expect(entry).toMatchObject({
      quest_id: { _id: id, title: 'Murals of Lodhi Colony', category: 'Art', city: 'New Delhi' },
      user_id: { _id: idOf(explorer), username: explorer.username },
      total_tasks: 3,
    });
    expect(entry.taskProofs['2'].photoLocation.lat).toBeCloseTo(28.5884, 4);
    expect(entry.taskProofs['2'].photoLocation.lng).toBeCloseTo(77.2215, 4);
    expect(entry.taskProofs['2'].photoTakenAt).toBe('2026-03-14T09:26:53.000Z');
  });

  it('refuses a second proof while one waits, unknown tasks, non-images and more than 5 images', async () => {
    const explorer = await registerVerified(t);
    const id = await quest();
    expect((await submitTaskProof(t, explorer, id, 1)).statusCode).toBe(404);
    await start(explorer, id);
    const otherQuest = await submitTaskProof(t, explorer, id, 1, undefined, 'Here', {
      questId: guide.session.user._id,
    });
    expect([otherQuest.statusCode, otherQuest.json().errors]).toEqual([
      400,
      [{ field: 'questId', message: 'questId must be the quest in the path' }],
    ]);
    expect((await submitTaskProof(t, explorer, id, 1, undefined, 'Here', { questId: id })).statusCode).toBe(
      200,
    );
    const again = await submitTaskProof(t, explorer, id, 1);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'A proof for this task is already waiting for review',
    ]);
    expect((await submitTaskProof(t, explorer, id, 4)).statusCode).toBe(404);
    expect((await submitTaskProof(t, explorer, id, 2, [Buffer.from('not an image at all')])).statusCode).toBe(
      415,
    );
    const six = await Promise.all(Array.from({ length: 6 }, () => photo()));
    expect((await submitTaskProof(t, explorer, id, 2, six)).statusCode).toBe(400);
    const none = await proofForm([], 'no photo');
    const empty = await t.request({
      method: 'POST',
      url: `/api/v1/quest-progress/task-proof/${id}/2`,
      headers: { ...bearer(explorer.session.accessToken), ...none.headers },
      payload: none.payload,
    });
    expect(empty.statusCode).toBe(400);
    expect((await call(t, 'GET', `/quest-progress/task-proof/${id}/3`, explorer)).statusCode).toBe(404);
  });

  it("takes the proof upload page's form (questId, description, file) on the per-task call too", async () => {
    const explorer = await registerVerified(t);
    const id = await quest();
    await start(explorer, id);
    const form = await multipart([
      { name: 'questId', value: id },
      { name: 'description', value: 'The blue elephant' },
      { name: 'file', file: await photo('#e8590c'), filename: 'elephant.png', type: 'image/png' },
    ]);
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/quest-progress/task-proof/${id}/1`,
      headers: { ...bearer(explorer.session.accessToken), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.taskProofs['1']).toMatchObject({
      status: 'submitted',
      notes: 'The blue elephant',
      proofFiles: [expect.objectContaining({ name: 'elephant.png' })],
    });
  });

  it('puts the proof upload page proof on the next task that needs one', async () => {
    const explorer = await registerVerified(t);
    const id = await quest();
    await start(explorer, id);
    await submitTaskProof(t, explorer, id, 1);
    const upload = async (description: string, questId = id) => {
      const form = await multipart([
        { name: 'questId', value: questId },
        { name: 'file', file: await photo('#e8590c'), filename: 'view.png', type: 'image/png' },
        { name: 'description', value: description },
      ]);
      return t.request({
        method: 'POST',
        url: `/api/v1/quest-progress/${id}/submit-proof`,
        headers: { ...bearer(explorer.session.accessToken), ...form.headers },
        payload: form.payload,
      });
    };
    const blank = await upload('   ');
    expect([blank.statusCode, blank.json().message]).toEqual([
      400,
      'Please upload a photo and add a description of your adventure!',
    ]);
    const elsewhere = await upload('What a view', '00000000-0000-4000-8000-000000000000');
    expect([elsewhere.statusCode, elsewhere.json().errors]).toEqual([
      400,
      [{ field: 'questId', message: 'questId must be the quest in the path' }],
    ]);
    const second = await upload('What a view');
    expect(second.json().data.taskProofs['2']).toMatchObject({ status: 'submitted', notes: 'What a view' });
    await upload('Third one');
    expect((await upload('Nothing left')).statusCode).toBe(409);
    await verify(id, 2, explorer, false, 'Blurry');
    const redo = await upload('Sharper now');
    expect(redo.json().data.taskProofs['2']).toMatchObject({
      status: 'submitted',
      notes: 'Sharper now',
      feedback: null,
    });
  });
});

describe('verification', () => {
  it('is for admins only, requires feedback to reject and refuses reviewing twice', async () => {
    const explorer = await registerVerified(t);
    const id = await quest();
    const { _id: progressId } = (await start(explorer, id)).json().data;
    await submitTaskProof(t, explorer, id, 1);
    const asExplorer = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, explorer, {
      status: 'approved',
    });
    expect(asExplorer.statusCode).toBe(403);
    expect((await call(t, 'GET', '/admin/proofs/pending', explorer)).statusCode).toBe(403);
    const noFeedback = await verify(id, 1, explorer, false, '   ');
    expect([noFeedback.statusCode, noFeedback.json().message]).toEqual([
      400,
      'Feedback is required when rejecting',
    ]);
    expect((await verify(id, 2, explorer, true)).statusCode).toBe(404);
    expect((await verify(id, 1, moderator, true)).statusCode).toBe(404);
    const unknown = await call(t, 'PATCH', `/admin/quest-progress/${id}/task/1/verify`, moderator, {
      status: 'approved',
    });
    expect(unknown.statusCode).toBe(404);

    const rejected = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'rejected',
      feedback: 'The mural is not visible',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.taskProofs['1']).toMatchObject({
      status: 'rejected',
      feedback: 'The mural is not visible',
    });
    const progress = (await call(t, 'GET', `/quest-progress/${id}`, explorer)).json().data;
    expect([progress.completed_tasks, progress.progress]).toEqual([[], 0]);
    const [notice] = await noticesOf(explorer, 'proof_rejected');
    expect(notice?.message).toContain('The mural is not visible');
    const [log] = await t.database.db
      .select()
      .from(actionLogs)
      .where(
        and(
          eq(actionLogs.actionType, 'task_proof_rejection'),
          eq(actionLogs.reason, 'The mural is not visible'),
        ),
      );
    expect(log).toMatchObject({
      adminId: idOf(moderator),
      targetType: 'task_proof',
      details: { questTitle: 'Murals of Lodhi Colony', taskOrder: 1 },
      result: 'success',
      reason: 'The mural is not visible',
    });
    const twice = await verify(id, 1, explorer, true);
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      `This task proof has already been rejected by @${moderator.username}`,
    ]);
    const refused = await t.database.db
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.targetId, log?.targetId ?? ''), eq(actionLogs.result, 'failure')));
    expect(refused).toEqual([expect.objectContaining({ actionType: 'task_proof_approval' })]);
    expect((await submitTaskProof(t, explorer, id, 1)).statusCode).toBe(200);
  });

  it('does not let an admin review their own proof', async () => {
    const id = await quest();
    await start(moderator, id);
    await submitTaskProof(t, moderator, id, 1);
    const own = await verify(id, 1, moderator, true);
    expect([own.statusCode, own.json().message]).toEqual([403, 'You cannot review your own proof']);
  });

  it('lists waiting proofs grouped per explorer and quest, oldest first, in pages', async () => {
    const db = t.database.db;
    const [first, second] = [await registerVerified(t), await registerVerified(t)];
    const id = await quest();
    await start(first, id);
    await start(second, id);
    await submitTaskProof(t, first, id, 1);
    await submitTaskProof(t, first, id, 2);
    await submitTaskProof(t, second, id, 3);
    await verify(id, 2, first, true);
    const all = (await call(t, 'GET', '/admin/proofs/pending?limit=100', moderator)).json().data;
    const mine = all.proofs.filter((entry: { quest_id: { _id: string } }) => entry.quest_id._id === id);
    expect(mine.map((entry: { user_id: { _id: string } }) => entry.user_id._id)).toEqual([
      idOf(first),
      idOf(second),
    ]);
    expect(Object.keys(mine[0].taskProofs)).toEqual(['1']);
    const firstPage = (await call(t, 'GET', '/admin/proofs/pending?limit=1', moderator)).json().data;
    expect(firstPage.proofs).toHaveLength(1);
    expect(firstPage.pagination).toMatchObject({
      totalProofs: all.pagination.totalProofs,
      hasNextPage: true,
    });
    const [row] = await db
      .select()
      .from(questProgress)
      .where(eq(questProgress.userId, idOf(first)));
    expect(row?.status).toBe('ongoing');
  });
});

describe('completion', () => {
  it('an explorer finds, starts and proves a quest; approval of the last task awards everything at once', async () => {
    const explorer = await registerVerified(t);
    const city = `Questabad${Date.now()}`;
    const id = await quest({ city, category: 'History', difficulty: 'Hard', xp: '60' });
    const found = (await call(t, 'GET', `/quests/search?search=${city}`, explorer)).json().data.quests;
    expect(found.map((entry: { _id: string }) => entry._id)).toEqual([id]);
    expect(found[0].xp).toBe(120);

    const { _id: progressId } = (await start(explorer, id)).json().data;
    for (const order of [1, 2, 3])
      expect((await submitTaskProof(t, explorer, id, order)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/quest-progress/${id}`, explorer)).json().data.progress).toBe(100);
    await verify(id, 1, explorer, true, 'Nice');
    await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/2/verify`, moderator, {
      status: 'approved',
    });
    expect((await userRow(explorer)).xp).toBe(0);
    const last = await verify(id, 3, explorer, true);
    expect(last.statusCode).toBe(200);
    expect(
      Object.values(last.json().data.taskProofs).map((proof) => (proof as { status: string }).status),
    ).toEqual(['approved', 'approved', 'approved']);

    const progress = (await call(t, 'GET', `/quest-progress/${id}`, explorer)).json().data;
    expect(progress).toMatchObject({ status: 'completed', xpEarned: 120, progress: 100 });
    expect(progress.completedAt).not.toBeNull();
    const user = await userRow(explorer);
    const route =
      haversineMeters({ lat: 28.5879, lng: 77.2205 }, { lat: 28.5884, lng: 77.2215 }) +
      haversineMeters({ lat: 28.5884, lng: 77.2215 }, { lat: 28.5869, lng: 77.2231 }) +
      haversineMeters({ lat: 28.5869, lng: 77.2231 }, { lat: 28.5861, lng: 77.2247 });
    expect(user).toMatchObject({ xp: 120, currentStreak: 1, lastQuestDay: utcDay(new Date()) });
    expect(user.categoryXP.History).toBe(120);
    expect(user.distanceExploredMeters).toBeCloseTo(route, 6);
    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
    expect(row?.completions).toBe(1);
    expect((await noticesOf(explorer, 'badge_earned')).map((notice) => notice.message)).toEqual([
      'You earned the Time Traveller badge.',
    ]);
    expect((await noticesOf(explorer, 'system'))[0]?.message).toContain('earned 120 XP');
    expect(await noticesOf(explorer, 'proof_approved')).toHaveLength(3);
    expect(await noticesOf(explorer, 'level_up')).toHaveLength(0);

    const profile = (await call(t, 'GET', '/users/my-profile', explorer)).json().data;
    expect(profile).toMatchObject({
      xp: 120,
      level: 1,
      rank: 'Novice Explorer',
      currentStreak: 1,
      badgesEarned: 1,
      questsCompleted: 1,
      categoryXP: { History: 120, Art: 0 },
    });
    expect(profile.distanceExplored).toBeCloseTo(route / 1000, 1);
    const badges = (await call(t, 'GET', `/badges/earned/${idOf(explorer)}`, explorer)).json().data;
    expect(badges.map((badge: { badge_id: { name: string } }) => badge.badge_id.name)).toEqual([
      'Time Traveller',
    ]);

    const completed = (await call(t, 'GET', '/users/completed-quests', explorer)).json().data;
    expect(completed.quests.map((entry: { _id: string }) => entry._id)).toEqual([progressId]);
    expect(completed.pagination.totalQuests).toBe(1);
    expect((await call(t, 'GET', '/quest-progress/ongoing', explorer)).json().data).toEqual([]);
    expect((await start(explorer, id)).json().message).toBe('You have already completed this quest');
    expect((await call(t, 'DELETE', `/quest-progress/${id}`, explorer)).statusCode).toBe(409);
    const dashboard = (await call(t, 'GET', '/quests/my-dashboard', explorer)).json().data;
    expect(dashboard.stats).toMatchObject({ totalCompleted: 1, totalOngoing: 0 });
    expect(dashboard.completedQuests[0].xpEarned).toBe(120);
  });

  it('continues a streak the next day, restarts it after a gap, and announces a new level', async () => {
    const explorer = await registerVerified(t);
    const completeOne = async () => {
      const id = await quest({ tasks: JSON.stringify(['Only task']), difficulty: 'Easy', xp: '100' });
      await start(explorer, id);
      await submitTaskProof(t, explorer, id, 1);
      expect((await verify(id, 1, explorer, true)).statusCode).toBe(200);
    };
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    await t.database.db
      .update(users)
      .set({ xp: 450, currentStreak: 4, lastQuestDay: yesterday })
      .where(eq(users.id, idOf(explorer)));
    await completeOne();
    expect(await userRow(explorer)).toMatchObject({ currentStreak: 5, xp: 550 });
    const [levelUp] = await noticesOf(explorer, 'level_up');
    expect(levelUp?.message).toBe('You reached level 2: Novice Explorer.');
    await completeOne();
    expect((await userRow(explorer)).currentStreak).toBe(5);
    await t.database.db
      .update(users)
      .set({ lastQuestDay: '2020-01-01' })
      .where(eq(users.id, idOf(explorer)));
    await completeOne();
    expect((await userRow(explorer)).currentStreak).toBe(1);
  });
});
