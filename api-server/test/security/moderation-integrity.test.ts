// Moderation integrity (docs/product-rules/moderation.md#quest-review, #proof-evidence, #bulk-approval): an
// approval holds only for the version of the quest the moderator read (409 after an edit), and a proof with no
// stop to compare with or no location at all is flagged, never counted clean, and left out of bulk approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { landmarkPhoto, withGpsAndTime } from '../photo-set.ts';
import {
  admin,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitQuest,
  submitTaskProof,
} from '../quest-fixtures.ts';

const QUEST_CHANGED =
  'This quest changed since you opened it. Reload it, read the changes, then decide again.';
const STOP_1 = { lat: 28.5884, lng: 77.2215 };

let t: TestApp;
let creator: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  creator = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

/** A pending quest as the moderation screen shows it: its id and the `updatedAt` the moderator reads. */
async function pendingQuest(title: string): Promise<{ id: string; updatedAt: string }> {
  const created = await submitQuest(t, creator, { title });
  expect(created.statusCode).toBe(201);
  const id = created.json().data._id as string;
  const shown = await call(t, 'GET', '/admin/quests/pending?limit=100', moderator);
  const quest = (shown.json().data.quests as { _id: string; updatedAt: string }[]).find((q) => q._id === id);
  if (!quest) throw new Error('the pending quest is not in the queue');
  return { id, updatedAt: quest.updatedAt };
}

const questStatus = async (id: string) =>
  (await call(t, 'GET', `/quests/${id}`, moderator)).json().data.status as string;

describe('approving the version the moderator read', () => {
  it('answers 409 when the creator edited the quest since, and approves the version read after a reload', async () => {
    const { id, updatedAt } = await pendingQuest('Stepwells of Delhi');
    // The creator rewrites the pending quest while it sits open on the moderator's screen.
    const edited = await call(t, 'PUT', `/quests/${id}`, creator, {
      description: 'Now a walk to a private party: bring cash.',
    });
    expect(edited.statusCode).toBe(200);

    const stale = await call(t, 'PATCH', `/admin/quests/${id}/approve`, moderator, {
      seenUpdatedAt: updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(QUEST_CHANGED);
    expect(await questStatus(id)).toBe('pending');

    const reloaded = await call(t, 'GET', `/quests/${id}`, moderator);
    const current = reloaded.json().data.updatedAt as string;
    expect(current).not.toBe(updatedAt);
    const approved = await call(t, 'PATCH', `/admin/quests/${id}/approve`, moderator, {
      seenUpdatedAt: current,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');
  });

  it('needs the version: an approval without it answers 400 and changes nothing', async () => {
    const { id, updatedAt } = await pendingQuest('Havelis of Chandni Chowk');
    const missing = await call(t, 'PATCH', `/admin/quests/${id}/approve`, moderator, { feedback: 'Lovely' });
    expect(missing.statusCode).toBe(400);
    expect(await questStatus(id)).toBe('pending');
    const approved = await call(t, 'PATCH', `/admin/quests/${id}/approve`, moderator, {
      feedback: 'Lovely',
      seenUpdatedAt: updatedAt,
    });
    expect(approved.statusCode).toBe(200);
  });
});

type QueuedProof = { flags: string[]; evidence: { stop: unknown; tracking: unknown } };

async function queued(who: Explorer, questId: string) {
  const answer = await call(t, 'GET', '/admin/proofs/pending?limit=100', moderator);
  const entry = (
    answer.json().data.proofs as {
      _id: string;
      user_id: { _id: string };
      quest_id: { _id: string };
      taskProofs: Record<string, QueuedProof>;
    }[]
  ).find((one) => one.user_id._id === idOf(who) && one.quest_id._id === questId);
  if (!entry) throw new Error('no submission waiting');
  return entry;
}

async function startedBy(who: Explorer, questId: string) {
  expect((await call(t, 'POST', '/quest-progress/start', who, { questId })).statusCode).toBe(201);
}

describe('evidence that cannot vouch for a proof', () => {
  it('flags a proof on a quest without stops, even with a photo that places it, and bulk approval leaves it', async () => {
    const questId = await approvedQuest(t, creator, { title: 'A walk with no stops', waypoints: '[]' });
    const walker = await registerVerified(t);
    await startedBy(walker, questId);
    // GPS and capture time a cheat can write into any photo: with no stop to compare with, they say nothing.
    const photo = await withGpsAndTime(await landmarkPhoto(4, 0), STOP_1, new Date());
    expect((await submitTaskProof(t, walker, questId, 1, [photo])).statusCode).toBe(200);

    const entry = await queued(walker, questId);
    expect(entry.taskProofs['1']).toMatchObject({ flags: ['no_stop_to_compare'], evidence: { stop: null } });
    const unflagged = await call(t, 'GET', '/admin/proofs/pending?limit=100&flag=unflagged', moderator);
    expect(unflagged.json().data.proofs.map((one: { _id: string }) => one._id)).not.toContain(entry._id);

    const bulk = await call(t, 'POST', '/admin/proofs/approve', moderator, {
      proofs: [{ progressId: entry._id, taskOrder: 1 }],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data).toMatchObject({
      approved: 0,
      results: [{ approved: false, message: 'This task proof has flags: review it on its own' }],
    });
  });

  it('flags a proof that nothing places, neither photo nor shared position, and bulk approval leaves it', async () => {
    const questId = await approvedQuest(t, creator, { title: 'Murals with a stop' });
    const walker = await registerVerified(t);
    await startedBy(walker, questId);
    const photo = await withGpsAndTime(await landmarkPhoto(4, 1), null, new Date());
    expect((await submitTaskProof(t, walker, questId, 1, [photo])).statusCode).toBe(200);

    const entry = await queued(walker, questId);
    expect(entry.taskProofs['1']?.flags).toEqual(['missing_metadata', 'no_location']);
    expect(entry.taskProofs['1']?.evidence.tracking).toBeNull();
    const bulk = await call(t, 'POST', '/admin/proofs/approve', moderator, {
      proofs: [{ progressId: entry._id, taskOrder: 1 }],
    });
    expect(bulk.json().data.approved).toBe(0);
  });

  it('counts a proof placed near its stop as clean, which bulk approval approves', async () => {
    const questId = await approvedQuest(t, creator, { title: 'Murals, checked' });
    const walker = await registerVerified(t);
    await startedBy(walker, questId);
    const photo = await withGpsAndTime(await landmarkPhoto(4, 2), STOP_1, new Date());
    expect((await submitTaskProof(t, walker, questId, 1, [photo])).statusCode).toBe(200);
    const entry = await queued(walker, questId);
    expect(entry.taskProofs['1']?.flags).toEqual([]);
    const bulk = await call(t, 'POST', '/admin/proofs/approve', moderator, {
      proofs: [{ progressId: entry._id, taskOrder: 1 }],
    });
    expect(bulk.json().data.approved).toBe(1);
  });
});
