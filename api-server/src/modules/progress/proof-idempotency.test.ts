import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { admin, approvedQuest, call, type Explorer, photo, proofForm } from '../../../test/quest-fixtures.ts';
import { taskProofs } from '../../db/schema.ts';

// docs/product-rules/offline-play.md#sending-a-proof-exactly-once
let t: TestApp;
let guide: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  guide = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

async function startedQuest(who: Explorer): Promise<string> {
  const id = await approvedQuest(t, guide);
  expect((await call(t, 'POST', '/quest-progress/start', who, { questId: id })).statusCode).toBe(201);
  return id;
}

async function send(
  who: Explorer,
  questId: string,
  order: number,
  key: string | null,
  notes = 'At the gate.',
) {
  const form = await proofForm([await photo('#e8590c')], notes);
  return t.request({
    method: 'POST',
    url: `/api/v1/quest-progress/task-proof/${questId}/${order}`,
    headers: {
      ...bearer(who.session.accessToken),
      ...form.headers,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: form.payload,
  });
}

async function proofRows(progressId: string) {
  return t.database.db.select().from(taskProofs).where(eq(taskProofs.progressId, progressId));
}

const storedProofFiles = async () =>
  (await readdir(join(t.config.storageDir, 'proofs')).catch(() => [])).length;

describe('a proof sent with an Idempotency-Key', () => {
  it('answers a retry with the first result and stores the proof once', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const filesBefore = await storedProofFiles();
    const first = await send(explorer, questId, 1, 'proof-key-0001');
    expect(first.statusCode).toBe(200);
    const again = await send(explorer, questId, 1, 'proof-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await proofRows(first.json().data._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.submittedAt).toBeInstanceOf(Date);
    // The retry's photo copy was not kept: one stored photo for one proof.
    expect((await storedProofFiles()) - filesBefore).toBe(1);
  });

  it('stores one proof when the same key arrives twice at once', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const answers = await Promise.all([
      send(explorer, questId, 2, 'proof-key-together'),
      send(explorer, questId, 2, 'proof-key-together'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await proofRows(answers[0]?.json().data._id);
    expect(rows.filter((row) => row.taskOrder === 2)).toHaveLength(1);
  });

  it('refuses the same key with other notes, another task or another quest (422), changing nothing', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const otherQuest = await startedQuest(explorer);
    const first = await send(explorer, questId, 1, 'proof-key-reused');
    expect(first.statusCode).toBe(200);
    for (const attempt of [
      send(explorer, questId, 1, 'proof-key-reused', 'Something else'),
      send(explorer, questId, 2, 'proof-key-reused'),
      send(explorer, otherQuest, 1, 'proof-key-reused'),
    ]) {
      const answer = await attempt;
      expect([answer.statusCode, answer.json().message]).toEqual([
        422,
        'This Idempotency-Key was already used for a different proof',
      ]);
    }
    const rows = await proofRows(first.json().data._id);
    expect(rows.map((row) => [row.taskOrder, row.notes])).toEqual([[1, 'At the gate.']]);
  });

  it('answers a retry after the proof was approved with the progress, not a conflict', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    const first = await send(explorer, questId, 1, 'proof-key-approved');
    const progressId = first.json().data._id;
    const approved = await call(t, 'PATCH', `/admin/quest-progress/${progressId}/task/1/verify`, moderator, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    const retry = await send(explorer, questId, 1, 'proof-key-approved');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.taskProofs['1'].status).toBe('approved');
    // Without a key the same proof is refused, as before.
    expect((await send(explorer, questId, 1, null)).statusCode).toBe(409);
  });

  it("keeps one explorer's key apart from another's", async () => {
    const [one, two] = [await registerVerified(t), await registerVerified(t)];
    const [questOne, questTwo] = [await startedQuest(one), await startedQuest(two)];
    expect((await send(one, questOne, 1, 'proof-key-shared')).statusCode).toBe(200);
    const other = await send(two, questTwo, 1, 'proof-key-shared');
    expect(other.statusCode).toBe(200);
    expect(await proofRows(other.json().data._id)).toHaveLength(1);
  });

  it('refuses a malformed key (400)', async () => {
    const explorer = await registerVerified(t);
    const questId = await startedQuest(explorer);
    expect((await send(explorer, questId, 1, 'no spaces allowed')).statusCode).toBe(400);
  });
});
