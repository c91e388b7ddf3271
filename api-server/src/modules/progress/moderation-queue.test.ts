import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { copiesOf, landmarkPhoto, withGpsAndTime } from '../../../test/photo-set.ts';
import {
  admin,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitTaskProof,
} from '../../../test/quest-fixtures.ts';
import { actionLogs, livePositions, taskProofs, users } from '../../db/schema.ts';
import { haversineMeters } from '../../lib/distance.ts';

// docs/product-rules/moderation.md#proof-evidence, #duplicate-photos, #review-claims, #bulk-approval
let t: TestApp;
let guide: Explorer;
let moderator: Explorer;
let colleague: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  guide = await registerVerified(t);
  moderator = await admin(t);
  colleague = await admin(t);
});
afterAll(() => t.close());

const STOP_1 = { lat: 28.5884, lng: 77.2215 };
const STOP_2 = { lat: 28.5869, lng: 77.2231 };
const HOUR = 3_600_000;

/** A new quest (3 tasks, 2 stops) the explorer has started. */
async function startedQuest(who: Explorer, photos?: Buffer[]): Promise<string> {
  const id = await approvedQuest(t, guide, {}, photos);
  expect((await call(t, 'POST', '/quest-progress/start', who, { questId: id })).statusCode).toBe(201);
  return id;
}

async function queue(query = '') {
  const answer = await call(t, 'GET', `/admin/proofs/pending?limit=100${query}`, moderator);
  expect(answer.statusCode).toBe(200);
  return answer.json().data.proofs as {
    _id: string;
    quest_id: { _id: string };
    user_id: { _id: string };
    taskProofs: Record<
      string,
      Record<string, unknown> & { flags: string[]; evidence: Record<string, unknown> }
    >;
  }[];
}

async function waiting(who: Explorer, questId: string) {
  const entry = (await queue()).find((one) => one.user_id._id === idOf(who) && one.quest_id._id === questId);
  if (!entry) throw new Error('no submission waiting');
  return entry;
}

async function send(who: Explorer, questId: string, order: number, image: Buffer) {
  const answer = await submitTaskProof(t, who, questId, order, [image]);
  expect(answer.statusCode).toBe(200);
  return answer;
}

describe('evidence on each proof', () => {
  it('measures the photo against its task’s stop and the start, and flags what does not fit', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const now = new Date();
    const near = { lat: STOP_1.lat + 0.0002, lng: STOP_1.lng - 0.0002 };
    await send(explorer, questId, 1, await withGpsAndTime(await landmarkPhoto(0, 0), near, now));
    const far = { lat: STOP_2.lat + 0.019, lng: STOP_2.lng };
    const yesterday = new Date(now.getTime() - 24 * HOUR);
    await send(explorer, questId, 2, await withGpsAndTime(await landmarkPhoto(0, 1), far, yesterday));
    await send(explorer, questId, 3, await withGpsAndTime(await landmarkPhoto(0, 2), null, null));

    const { taskProofs: proofs } = await waiting(explorer, questId);
    expect(proofs['1']).toMatchObject({
      flags: [],
      evidence: {
        stop: { order: 1, name: 'Blue Elephant' },
        distanceToStopMeters: Math.round(haversineMeters(near, STOP_1)),
        timing: 'during_quest',
        missing: [],
        matches: [],
      },
    });
    expect(proofs['2']).toMatchObject({
      flags: ['far_from_stop', 'taken_before_start'],
      evidence: {
        stop: { order: 2 },
        distanceToStopMeters: Math.round(haversineMeters(far, STOP_2)),
        takenAt: new Date(Math.floor(yesterday.getTime() / 1000) * 1000).toISOString(),
        timing: 'before_start',
      },
    });
    expect(Number(proofs['2']?.evidence.distanceToStopMeters)).toBeGreaterThan(2000);
    // Task 3 has no stop of its own, and the photo no location to find the nearest: nothing to compare with,
    // and nothing (no photo location, no shared position) placing the explorer.
    expect(proofs['3']).toMatchObject({
      flags: ['missing_metadata', 'no_stop_to_compare', 'no_location'],
      evidence: {
        stop: null,
        distanceToStopMeters: null,
        takenAt: null,
        timing: null,
        missing: ['location', 'capture_time'],
      },
    });

    // The explorer never sees what moderators see.
    const own = (await call(t, 'GET', `/quest-progress/${questId}`, explorer)).json().data;
    for (const proof of Object.values(own.taskProofs) as object[]) {
      expect(Object.keys(proof)).not.toEqual(expect.arrayContaining(['flags']));
      expect(proof).not.toHaveProperty('evidence');
      expect(proof).not.toHaveProperty('claim');
    }
    const single = (await call(t, 'GET', `/quest-progress/task-proof/${questId}/2`, explorer)).json().data;
    expect(single).not.toHaveProperty('flags');
    expect(single).not.toHaveProperty('evidence');
  });

  it('sorts the queue by risk and filters it by flag', async () => {
    const flagged = (await queue('&flag=far_from_stop')).flatMap((one) => Object.values(one.taskProofs));
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.some((proof) => proof.flags.includes('far_from_stop'))).toBe(true);
    const clean = await queue('&flag=unflagged');
    expect(
      clean.every((one) => Object.values(one.taskProofs).some((proof) => proof.flags.length === 0)),
    ).toBe(true);
    const risky = await queue('&sort=risk');
    const risk = risky.map((one) =>
      Math.max(...Object.values(one.taskProofs).map((proof) => proof.flags.length)),
    );
    expect(risk).toEqual([...risk].sort((a, b) => b - a));
    expect((await call(t, 'GET', '/admin/proofs/pending?flag=stolen', moderator)).statusCode).toBe(400);
  });
});

describe('duplicate photos', () => {
  it('flags copies of another explorer’s proof, of one’s own other proof and of the quest’s photos, not a new photo of the same place', async () => {
    const cover = await landmarkPhoto(3, 0);
    const questId = await startedQuest((await registerVerified(t)) as Explorer, [cover]);
    const [first, second, third, fourth] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ] as Explorer[];
    for (const who of [first, second, third, fourth] as Explorer[]) {
      expect((await call(t, 'POST', '/quest-progress/start', who, { questId })).statusCode).toBe(201);
    }
    const original = await landmarkPhoto(4, 0);
    const copies = await copiesOf(original);
    await send(first as Explorer, questId, 1, original);
    await send(second as Explorer, questId, 1, copies['resized to 320 px'] as Buffer);
    await send(second as Explorer, questId, 2, copies['5% cropped from the top left'] as Buffer);
    const coverCopy = (await copiesOf(cover))['5% cropped around the centre'] as Buffer;
    await send(third as Explorer, questId, 1, coverCopy);
    await send(fourth as Explorer, questId, 1, await landmarkPhoto(4, 1));

    // None of these photos carries metadata: each is flagged for that and for placing nobody, and the copies
    // for copying.
    const placeless = ['missing_metadata', 'no_location'];
    expect((await waiting(first as Explorer, questId)).taskProofs['1']?.flags).toEqual(placeless);
    const copied = (await waiting(second as Explorer, questId)).taskProofs;
    expect(copied['1']).toMatchObject({
      flags: ['missing_metadata', 'duplicate_photo', 'no_location'],
      evidence: {
        matches: [
          {
            kind: 'other_explorer',
            photoIndex: 0,
            quest: { _id: questId },
            taskOrder: 1,
            user: { _id: idOf(first as Explorer), username: (first as Explorer).username },
            imageUrl: expect.stringContaining('/uploads/proofs/'),
          },
        ],
      },
    });
    const matches = (copied['2']?.evidence.matches ?? []) as { kind: string }[];
    const kinds = matches.map((match) => match.kind).sort();
    expect(kinds).toEqual(['other_explorer', 'own_other_task']);
    expect((await waiting(third as Explorer, questId)).taskProofs['1']?.evidence).toMatchObject({
      matches: [{ kind: 'quest_photo', user: null, taskOrder: null, progressId: null }],
    });
    expect((await waiting(fourth as Explorer, questId)).taskProofs['1']?.flags).toEqual(placeless);

    // A proof sent again after a rejection is checked again, and its old photo no longer counts.
    const [entry] = (await queue()).filter((one) => one.user_id._id === idOf(second as Explorer));
    const rejected = await call(t, 'PATCH', `/admin/quest-progress/${entry?._id}/task/1/verify`, moderator, {
      status: 'rejected',
      feedback: 'Take your own photo.',
    });
    expect(rejected.statusCode).toBe(200);
    await send(second as Explorer, questId, 1, await landmarkPhoto(2, 1));
    expect((await waiting(second as Explorer, questId)).taskProofs['1']?.flags).toEqual(placeless);
  });
});

describe('claims', () => {
  it('holds a proof for one moderator, names them to others, and lapses', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    await send(explorer, questId, 1, await landmarkPhoto(1, 0));
    const { _id: progressId } = await waiting(explorer, questId);
    const claim = (who: Explorer) => call(t, 'POST', `/admin/quest-progress/${progressId}/task/1/claim`, who);

    const held = await claim(moderator);
    expect(held.statusCode).toBe(200);
    expect(held.json().data).toMatchObject({
      moderator: { _id: idOf(moderator), username: moderator.username },
    });
    const expiresAt = Date.parse(held.json().data.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const shown = (await waiting(explorer, questId)).taskProofs['1'];
    expect(shown?.claim).toMatchObject({ moderator: { username: moderator.username } });

    const refused = await claim(colleague);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`@${moderator.username} is reviewing this task proof`);
    const decided = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, colleague, {
      status: 'approved',
    });
    expect([decided.statusCode, decided.json().message]).toEqual([409, refused.json().message]);
    expect((await claim(moderator)).statusCode).toBe(200);

    // Past its five minutes the claim is nobody's.
    await t.database.db
      .update(taskProofs)
      .set({ claimExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(taskProofs.progressId, progressId));
    expect((await waiting(explorer, questId)).taskProofs['1']?.claim).toBeNull();
    expect((await claim(colleague)).statusCode).toBe(200);
    expect((await claim(moderator)).statusCode).toBe(409);

    // Released, it is free again; releasing someone else's claim changes nothing.
    expect(
      (await call(t, 'DELETE', `/admin/quest-progress/${progressId}/task/1/claim`, moderator)).statusCode,
    ).toBe(200);
    expect((await claim(moderator)).statusCode).toBe(409);
    expect(
      (await call(t, 'DELETE', `/admin/quest-progress/${progressId}/task/1/claim`, colleague)).statusCode,
    ).toBe(200);
    expect((await claim(moderator)).statusCode).toBe(200);
    const approved = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    const late = await claim(colleague);
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      `This task proof has already been approved by @${moderator.username}`,
    ]);
  });

  it('lets exactly one of two moderators deciding at once win; the other learns who', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    await send(explorer, questId, 1, await landmarkPhoto(2, 0));
    const { _id: progressId } = await waiting(explorer, questId);
    const decide = (who: Explorer, status: 'approved' | 'rejected') =>
      call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, who, {
        status,
        ...(status === 'rejected' ? { feedback: 'Blurry.' } : {}),
      });
    const answers = await Promise.all([decide(moderator, 'approved'), decide(colleague, 'rejected')]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? moderator : colleague;
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json().message).toMatch(
      new RegExp(`^This task proof has already been (approved|rejected) by @${winner.username}$`),
    );
    const [row] = await t.database.db.select().from(taskProofs).where(eq(taskProofs.progressId, progressId));
    expect(row).toMatchObject({
      status: winner === moderator ? 'approved' : 'rejected',
      reviewedBy: idOf(winner),
      claimedBy: null,
    });
  });
});

describe('bulk approval', () => {
  it('approves unflagged proofs one by one, leaves flagged ones, and completes a quest once', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const now = new Date();
    const stops = [STOP_1, STOP_2, STOP_2];
    for (const order of [1, 2, 3]) {
      const place = stops[order - 1] ?? STOP_1;
      await send(
        explorer,
        questId,
        order,
        await withGpsAndTime(await landmarkPhoto(5, order - 1), place, now), // landmark 5: this test's own
      );
    }
    const other = await registerVerified(t);
    const otherQuest = await startedQuest(other);
    await send(other, otherQuest, 1, await withGpsAndTime(await landmarkPhoto(1, 2), null, now));
    const { _id: progressId } = await waiting(explorer, questId);
    const { _id: otherProgress } = await waiting(other, otherQuest);
    const before =
      (
        await t.database.db
          .select()
          .from(users)
          .where(eq(users.id, idOf(explorer)))
      )[0]?.xp ?? 0;

    const proofs = [1, 2, 3].map((taskOrder) => ({ progressId, taskOrder }));
    const [bulk, again] = await Promise.all([
      call(t, 'POST', '/admin/proofs/approve', moderator, {
        proofs: [...proofs, { progressId: otherProgress, taskOrder: 1 }],
      }),
      call(t, 'POST', '/admin/proofs/approve', colleague, { proofs }),
    ]);
    expect([bulk.statusCode, again.statusCode]).toEqual([200, 200]);
    const results = [...bulk.json().data.results, ...again.json().data.results];
    const approvedOnce = proofs.map(
      ({ taskOrder }) =>
        results.filter(
          (result) => result.progressId === progressId && result.taskOrder === taskOrder && result.approved,
        ).length,
    );
    expect(approvedOnce).toEqual([1, 1, 1]);
    expect(results.filter((result) => result.questCompleted)).toHaveLength(1);
    expect(bulk.json().data.results[3]).toMatchObject({
      progressId: otherProgress,
      approved: false,
      message: 'This task proof has flags: review it on its own',
    });

    const after =
      (
        await t.database.db
          .select()
          .from(users)
          .where(eq(users.id, idOf(explorer)))
      )[0]?.xp ?? 0;
    const progress = (await call(t, 'GET', `/quest-progress/${questId}`, explorer)).json().data;
    expect(progress.status).toBe('completed');
    expect(after - before).toBe(progress.xpEarned);
    expect(progress.xpEarned).toBeGreaterThan(0);
    const logged = await t.database.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.actionType, 'task_proof_approval'));
    const proofIds = (
      await t.database.db.select().from(taskProofs).where(eq(taskProofs.progressId, progressId))
    ).map((row) => row.id);
    expect(
      logged.filter((log) => log.result === 'success' && proofIds.includes(log.targetId ?? '')),
    ).toHaveLength(3);
    expect((await call(t, 'POST', '/admin/proofs/approve', moderator, { proofs: [] })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/admin/proofs/approve', explorer, { proofs })).statusCode).toBe(403);
  });
});

describe('live positions as evidence', () => {
  it('keeps a position only for explorers who share it, and shows moderators its distances', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const near = { lat: STOP_1.lat + 0.0003, lng: STOP_1.lng };
    const share = (position: object) =>
      call(t, 'PUT', `/quest-progress/${questId}/position`, explorer, position);

    const me = (await call(t, 'GET', '/users/settings', explorer)).json().data;
    expect(me.privacy.shareLivePosition).toBe(false);
    const refused = await share(near);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'Sharing your live position with moderators is off (Settings, Privacy)',
    ]);
    expect(
      (await call(t, 'POST', '/users/settings', explorer, { privacy: { shareLivePosition: true } }))
        .statusCode,
    ).toBe(200);
    const kept = await share({ ...near, accuracy: 14.6 });
    expect(kept.statusCode).toBe(200);
    expect((await share({ lat: 91, lng: 0 })).statusCode).toBe(400);

    const photoPlace = { lat: STOP_1.lat, lng: STOP_1.lng + 0.001 };
    await send(explorer, questId, 1, await withGpsAndTime(await landmarkPhoto(3, 1), photoPlace, new Date()));
    expect((await waiting(explorer, questId)).taskProofs['1']?.evidence.tracking).toEqual({
      recordedAt: expect.any(String),
      accuracyMeters: 15,
      distanceToStopMeters: Math.round(haversineMeters(near, STOP_1)),
      distanceToPhotoMeters: Math.round(haversineMeters(near, photoPlace)),
    });

    // A position older than ten minutes says nothing about a proof, and one past thirty days is forgotten.
    const [progress] = await t.database.db.select().from(livePositions);
    await t.database.db
      .update(livePositions)
      .set({ recordedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(livePositions.progressId, progress?.progressId ?? ''));
    await send(explorer, questId, 2, await withGpsAndTime(await landmarkPhoto(3, 2), STOP_2, new Date()));
    expect((await waiting(explorer, questId)).taskProofs['2']?.evidence.tracking).toBeNull();
    const other = await registerVerified(t);
    const otherQuest = await startedQuest(other);
    await call(t, 'POST', '/users/settings', other, { privacy: { shareLivePosition: true } });
    expect((await call(t, 'PUT', `/quest-progress/${otherQuest}/position`, other, near)).statusCode).toBe(
      200,
    );
    const left = await t.database.db.select().from(livePositions);
    expect(left.map((row) => row.progressId)).not.toContain(progress?.progressId);

    // Turned off again, nothing more is kept.
    await call(t, 'POST', '/users/settings', explorer, { privacy: { shareLivePosition: false } });
    expect((await share(near)).statusCode).toBe(403);
  });
});
