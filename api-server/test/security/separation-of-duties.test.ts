// Separation of duties (openapi.yaml, approveQuest and rejectQuest): nobody approves or rejects their own quest;
// the attempt answers 403 and is kept in the action log as a failure, as refused proof reviews are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { admin, approveAsRead, call, type Explorer, idOf, submitQuest } from '../quest-fixtures.ts';

const OWN_QUEST = 'You cannot approve or reject your own quest';

let t: TestApp;
let author: Explorer;
let colleague: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  author = await admin(t);
  colleague = await admin(t);
});
afterAll(() => t.close());

async function pendingQuestBy(who: Explorer, title: string): Promise<string> {
  const response = await submitQuest(t, who, { title });
  expect(response.statusCode).toBe(201);
  return response.json().data._id as string;
}

const questStatus = async (id: string) =>
  (await call(t, 'GET', `/quests/${id}`, colleague)).json().data.status as string;

async function latestLog(actionType: string) {
  const response = await call(t, 'GET', `/admin/action-logs?action_type=${actionType}&limit=1`, colleague);
  return response.json().data.logs[0];
}

describe('deciding a quest', () => {
  it('refuses an admin approving their own quest, logs the attempt, and lets another admin approve it', async () => {
    const id = await pendingQuestBy(author, 'My own mural walk');
    const own = await approveAsRead(t, author, id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(OWN_QUEST);
    expect(await questStatus(id)).toBe('pending');
    expect(await latestLog('quest_approval')).toMatchObject({
      admin_id: { _id: idOf(author) },
      target_id: id,
      result: 'failure',
      reason: OWN_QUEST,
      details: { questTitle: 'My own mural walk' },
    });

    const other = await approveAsRead(t, colleague, id);
    expect(other.statusCode).toBe(200);
    expect(other.json().data.status).toBe('approved');
  });

  it('refuses an admin rejecting their own quest, and lets another admin reject it', async () => {
    const id = await pendingQuestBy(author, 'My own food trail');
    const own = await call(t, 'PATCH', `/admin/quests/${id}/reject`, author, { reason: 'Changed my mind' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(OWN_QUEST);
    expect(await questStatus(id)).toBe('pending');
    expect(await latestLog('quest_rejection')).toMatchObject({
      admin_id: { _id: idOf(author) },
      target_id: id,
      result: 'failure',
      reason: OWN_QUEST,
    });

    const other = await call(t, 'PATCH', `/admin/quests/${id}/reject`, colleague, { reason: 'Too short' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'Too short' });
  });

  it('still lets an admin decide a quest an explorer submitted', async () => {
    const explorer = await registerVerified(t);
    const id = await pendingQuestBy(explorer, 'An explorer’s walk');
    const response = await approveAsRead(t, author, id);
    expect(response.statusCode).toBe(200);
  });
});
