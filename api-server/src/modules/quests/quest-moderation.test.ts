import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admin,
  approveAsRead,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitQuest,
} from '../../../test/quest-fixtures.ts';
import { notifications, quests } from '../../db/schema.ts';

let t: TestApp;
let creator: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  creator = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

const pendingQuest = async (overrides: Record<string, string> = {}) => {
  const response = await submitQuest(t, creator, overrides);
  expect(response.statusCode).toBe(201);
  return response.json().data._id as string;
};
const notificationsOf = (who: Explorer) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, idOf(who)));
const latestLog = async (actionType: string) => {
  const logs = await call(t, 'GET', `/admin/action-logs?action_type=${actionType}&limit=1`, moderator);
  return logs.json().data.logs[0];
};

describe('the approval queue', () => {
  it('lists pending quests oldest first, in full, with counters by status', async () => {
    const first = await pendingQuest({ title: 'Queue first' });
    const second = await pendingQuest({ title: 'Queue second' });
    const response = await call(t, 'GET', '/admin/quests/pending?limit=50', moderator);
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.quests.map((quest: { _id: string }) => quest._id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const quest = response.json().data.quests.find((q: { _id: string }) => q._id === first);
    expect(quest.tasks).toHaveLength(3);
    expect(quest.baseXp).toBe(60);
    expect(quest.xp).toBe(120); // Hard doubles the base
    const stats = response.json().data.statusStats;
    expect(stats.pending).toBeGreaterThanOrEqual(2);
    expect(stats.total).toBe(stats.pending + stats.approved + stats.rejected);
  });

  it('defaults to 10 a page', async () => {
    const response = await call(t, 'GET', '/admin/quests/pending', moderator);
    expect(response.json().data.pagination.currentPage).toBe(1);
    expect(response.json().data.quests.length).toBeLessThanOrEqual(10);
  });
});

describe('GET /admin/quests', () => {
  it('filters by status and category, treats all and empty as no filter, and searches title, description and city', async () => {
    const food = await approvedQuest(t, creator, {
      title: 'Chandni Chowk bites',
      category: 'Food',
      city: 'Old Delhi',
    });
    const all = await call(t, 'GET', '/admin/quests?status=all&category=all&search=&limit=100', moderator);
    expect(all.json().data.quests.map((q: { _id: string }) => q._id)).toContain(food);
    const pendingOnly = await call(t, 'GET', '/admin/quests?status=pending&limit=100', moderator);
    expect(pendingOnly.json().data.quests.every((q: { status: string }) => q.status === 'pending')).toBe(
      true,
    );
    const foodOnly = await call(t, 'GET', '/admin/quests?category=Food', moderator);
    expect(foodOnly.json().data.quests.map((q: { _id: string }) => q._id)).toEqual([food]);
    const byCity = await call(t, 'GET', '/admin/quests?search=old%20delhi', moderator);
    expect(byCity.json().data.quests.map((q: { _id: string }) => q._id)).toEqual([food]);
    const byDescription = await call(t, 'GET', '/admin/quests?search=murals&status=approved', moderator);
    expect(byDescription.json().data.quests.map((q: { _id: string }) => q._id)).toContain(food);
  });

  it('refuses explorers', async () => {
    expect((await call(t, 'GET', '/admin/quests', creator)).statusCode).toBe(403);
  });
});

describe('approve and reject', () => {
  it('approves a pending quest with the default feedback, notifies the creator and logs it', async () => {
    const id = await pendingQuest({ title: 'To approve' });
    const response = await approveAsRead(t, moderator, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('approved');
    const notes = await notificationsOf(creator);
    const note = notes.find((n) => n.type === 'quest_approved' && n.message.includes('To approve'));
    expect(note?.message).toContain('Quest approved by admin');
    const log = await latestLog('quest_approval');
    expect(log).toMatchObject({
      target_id: id,
      target_type: 'quest',
      result: 'success',
      details: { questTitle: 'To approve', feedback: 'Quest approved by admin' },
      admin_id: { _id: idOf(moderator), role: 'admin' },
    });
    const again = await approveAsRead(t, moderator, id);
    expect(again.statusCode).toBe(409);
  });

  it('rejects only with a non-blank reason, which becomes the rejection reason the creator is told', async () => {
    const id = await pendingQuest({ title: 'To reject' });
    const blank = await call(t, 'PATCH', `/admin/quests/${id}/reject`, moderator, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Rejection reason is required');
    const missing = await call(t, 'PATCH', `/admin/quests/${id}/reject`, moderator, {});
    expect(missing.statusCode).toBe(400);
    expect((await t.database.db.select().from(quests).where(eq(quests.id, id)))[0]?.status).toBe('pending');

    const response = await call(t, 'PATCH', `/admin/quests/${id}/reject`, moderator, {
      reason: 'Does not meet guidelines',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Does not meet guidelines',
    });
    const notes = await notificationsOf(creator);
    expect(notes.find((n) => n.type === 'quest_rejected')?.message).toContain(
      'Reason: Does not meet guidelines',
    );
    expect(await latestLog('quest_rejection')).toMatchObject({
      reason: 'Does not meet guidelines',
      target_id: id,
    });
    expect((await approveAsRead(t, moderator, id)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown quest', async () => {
    const response = await approveAsRead(t, moderator, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /admin/quests/{id}', () => {
  const edit = {
    title: '  Murals, revised  ',
    description: 'A shorter walk.',
    category: 'Culture',
    difficulty: 'Medium',
    tasks: [
      { description: 'First mural' },
      { description: '   ' },
      { description: 'Second mural', hint: 'Left' },
    ],
    tips: ['', 'Bring water'],
    tags: [' Art ', 'art', '', 'walk'],
    xp: 40,
    featured: true,
  };

  it('applies the admin edit rules on any status and logs the changed fields', async () => {
    const id = await approvedQuest(t, creator, { title: 'Edit me' });
    const response = await call(t, 'PUT', `/admin/quests/${id}`, moderator, edit);
    expect(response.statusCode).toBe(200);
    const quest = response.json().data;
    expect(quest).toMatchObject({
      title: 'Murals, revised',
      category: 'Culture',
      difficulty: 'Medium',
      featured: true,
      status: 'approved',
      baseXp: 40,
      xp: 60,
      tags: ['art', 'walk'],
    });
    expect(
      quest.tasks.map((task: { order: number; description: string }) => [task.order, task.description]),
    ).toEqual([
      [1, 'First mural'],
      [2, 'Second mural'],
    ]);
    expect(quest.tips.map((tip: { tip_text: string }) => tip.tip_text)).toEqual(['Bring water']);
    const log = await latestLog('quest_update');
    expect(log.details.questTitle).toBe('Murals, revised');
    expect(log.details.changedFields).toEqual(
      expect.arrayContaining(['title', 'category', 'xp', 'tasks', 'tips']),
    );
  });

  it("takes tasks and tips in every form the documents list, and the quest's own fields", async () => {
    const id = await approvedQuest(t, creator, { title: 'Forms' });
    const response = await call(t, 'PUT', `/admin/quests/${id}`, moderator, {
      ...edit,
      tasks: ['Plain task', { name: 'Named task' }, { description: 'Described task', hint: 'Hint' }, ' '],
      tips: [
        'Plain tip',
        { tip_text: 'Snake' },
        { tipText: 'Camel' },
        { content: 'Content' },
        { text: 'Text' },
      ],
      subtitle: ' A new subtitle ',
      estimatedTime: '2-3 hours',
      address: 'Lodhi Road',
      city: 'Delhi',
      state: 'Delhi NCT',
      pincode: '110003',
      proofInstructions: 'Show the whole mural.',
    });
    expect(response.statusCode).toBe(200);
    const quest = response.json().data;
    expect(
      quest.tasks.map((task: { description: string; hint: string | null }) => [task.description, task.hint]),
    ).toEqual([
      ['Plain task', null],
      ['Named task', null],
      ['Described task', 'Hint'],
    ]);
    expect(quest.tips.map((tip: { tip_text: string }) => tip.tip_text)).toEqual([
      'Plain tip',
      'Snake',
      'Camel',
      'Content',
      'Text',
    ]);
    expect(quest).toMatchObject({
      subtitle: 'A new subtitle',
      estimatedTime: '2-3 hours',
      address: 'Lodhi Road',
      city: 'Delhi',
      state: 'Delhi NCT',
      pincode: '110003',
      proofInstructions: 'Show the whole mural.',
    });
    expect((await latestLog('quest_update')).details.changedFields).toEqual(
      expect.arrayContaining(['subtitle', 'estimatedTime', 'address', 'city', 'state', 'proofInstructions']),
    );
  });

  it("refuses fields that are not the quest's and applies the creation rules to its own", async () => {
    const id = await approvedQuest(t, creator, { title: 'Strict' });
    const foreign = await call(t, 'PUT', `/admin/quests/${id}`, moderator, { ...edit, status: 'rejected' });
    expect(foreign.statusCode).toBe(400);
    const blank = await call(t, 'PUT', `/admin/quests/${id}`, moderator, {
      ...edit,
      city: '  ',
      estimatedTime: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([
      { field: 'city', message: 'City is required.' },
      { field: 'estimatedTime', message: 'Estimated time must not be blank.' },
    ]);
    const pincode = await call(t, 'PUT', `/admin/quests/${id}`, moderator, { ...edit, pincode: '12ab' });
    expect(pincode.statusCode).toBe(400);
    const badTip = await call(t, 'PUT', `/admin/quests/${id}`, moderator, { ...edit, tips: [{ body: 'x' }] });
    expect(badTip.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
    expect(row?.title).toBe('Strict');
  });

  it('stores 10 for an xp outside 1 to 100 or not whole', async () => {
    const id = await approvedQuest(t, creator);
    for (const xp of [0, 101, 12.5]) {
      const response = await call(t, 'PUT', `/admin/quests/${id}`, moderator, {
        ...edit,
        difficulty: 'Easy',
        xp,
      });
      expect(response.json().data.baseXp).toBe(10);
    }
  });

  it('requires title, description and at least one non-blank task, changing nothing otherwise', async () => {
    const id = await approvedQuest(t, creator, { title: 'Keep me' });
    const response = await call(t, 'PUT', `/admin/quests/${id}`, moderator, {
      ...edit,
      title: ' ',
      tasks: [{ description: '  ' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(['title', 'tasks']);
    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
    expect(row?.title).toBe('Keep me');
  });
});

describe('DELETE /admin/quests/{id}', () => {
  it('removes the quest, tells the creator and logs it', async () => {
    const id = await approvedQuest(t, creator, { title: 'Delete me' });
    const response = await call(t, 'DELETE', `/admin/quests/${id}`, moderator);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ _id: id, questId: id });
    expect((await call(t, 'GET', `/quests/${id}`, moderator)).statusCode).toBe(404);
    expect((await notificationsOf(creator)).some((n) => n.message.includes('"Delete me" was removed'))).toBe(
      true,
    );
    expect(await latestLog('quest_deletion')).toMatchObject({
      target_id: id,
      details: { questTitle: 'Delete me' },
    });
    expect((await call(t, 'DELETE', `/admin/quests/${id}`, moderator)).statusCode).toBe(404);
  });
});
