import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import {
  fixtureGeoConfig,
  type GeoFixtureServer,
  startGeoFixtureServer,
} from '../../../test/geo-fixture-server.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admin,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitQuest,
} from '../../../test/quest-fixtures.ts';
import { actionLogs, quests } from '../../db/schema.ts';

let t: TestApp;
let creator: Explorer;
let explorer: Explorer;
let moderator: Explorer;
let places: GeoFixtureServer;
beforeAll(async () => {
  places = await startGeoFixtureServer();
  t = await createTestApp({ geo: fixtureGeoConfig(places.url) });
  [creator, explorer] = [await registerVerified(t), await registerVerified(t)];
  moderator = await admin(t);
});
afterAll(async () => {
  await t.close();
  await places.close();
});

const questRow = async (id: string) => {
  const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
  if (!row) throw new Error('no quest');
  return row;
};
const setQuest = (id: string, values: Partial<typeof quests.$inferInsert>) =>
  t.database.db.update(quests).set(values).where(eq(quests.id, id));
const titles = (list: { title: string }[]) => list.map((quest) => quest.title);

describe('visibility', () => {
  it('shows a pending quest only to its creator and admins (404 for anyone else)', async () => {
    const id = (await submitQuest(t, creator)).json().data._id;
    expect((await call(t, 'GET', `/quests/${id}`, creator)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/quests/${id}`, moderator)).statusCode).toBe(200);
    const other = await call(t, 'GET', `/quests/${id}`, explorer);
    expect(other.statusCode).toBe(404);
    expect(other.json().data).toBeUndefined();
    expect((await call(t, 'GET', `/quest-tasks/${id}`, explorer)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/quest-reviews/${id}`, explorer)).statusCode).toBe(404);
  });

  it('lists approved quests only to explorers (status ignored), any status to admins', async () => {
    const pendingTitle = `Pending ${Date.now()}`;
    await submitQuest(t, creator, { title: pendingTitle });
    const asCreator = await call(t, 'GET', '/quests?status=pending&limit=100', creator);
    expect(
      asCreator.json().data.quests.every((quest: { status: string }) => quest.status === 'approved'),
    ).toBe(true);
    const asAdmin = await call(t, 'GET', '/quests?status=pending&limit=100', moderator);
    expect(titles(asAdmin.json().data.quests)).toContain(pendingTitle);
    expect(asAdmin.json().data.quests[0].participants).toBe(0);
  });

  it("counts a view for each reader but the creator, and not again for a reader's refresh", async () => {
    const id = await approvedQuest(t, creator);
    await call(t, 'GET', `/quests/${id}`, creator);
    expect((await questRow(id)).views).toBe(0);
    const read = await call(t, 'GET', `/quests/${id}`, explorer);
    expect(read.json().data.views).toBe(1);
    expect(read.json().data.participants).toBeUndefined();
    expect((await call(t, 'GET', `/quests/${id}`, explorer)).json().data.views).toBe(1);
    expect((await questRow(id)).views).toBe(1);
    await call(t, 'GET', `/quests/${id}`, moderator);
    expect((await questRow(id)).views).toBe(2);
  });
});

describe('PUT and DELETE /quests/{id}', () => {
  it('lets only the creator edit, only while pending or rejected; a rejected quest goes back to review', async () => {
    const id = (await submitQuest(t, creator)).json().data._id;
    expect((await call(t, 'PUT', `/quests/${id}`, explorer, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/quests/${id}`, moderator, { title: 'Admin edit' })).statusCode).toBe(403);
    await setQuest(id, { status: 'rejected', rejectionReason: 'Blurry photos' });
    const edited = await call(t, 'PUT', `/quests/${id}`, creator, {
      title: '  Murals, again  ',
      tasks: ['One', { description: 'Two', hint: 'Look up' }],
      tips: ['', 'Wear a hat'],
      xp: 0,
      waypoints: [{ lat: 28.59, lng: 77.22 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Murals, again',
      status: 'pending',
      rejectionReason: null,
      xp: 20,
      location: { lat: 28.59, lng: 77.22 },
      tips: [expect.objectContaining({ tip_text: 'Wear a hat' })],
    });
    expect(edited.json().data.tasks.map((task: { order: number }) => task.order)).toEqual([1, 2]);
    const tolerant = await call(t, 'PUT', `/quests/${id}`, creator, {
      tasks: [{ name: 'Named task', tip: 'A tip as hint' }, '  ', 'Plain task'],
      tips: [{ tipText: 'camel' }, { content: 'content' }, { text: 'text' }, { tip_text: 'snake' }, ' '],
      estimatedTime: ' 1-2 hours ',
      state: 'Delhi',
      startLocation: 'India Gate',
      endLocation: { name: 'Gate', lat: 28.61, lng: 77.23 },
    });
    expect(tolerant.statusCode).toBe(200);
    const data = tolerant.json().data;
    expect(data.tasks).toEqual([
      expect.objectContaining({ order: 1, description: 'Named task', hint: 'A tip as hint' }),
      expect.objectContaining({ order: 2, description: 'Plain task', hint: null }),
    ]);
    expect(data.tips.map((tip: { tip_text: string }) => tip.tip_text)).toEqual([
      'camel',
      'content',
      'text',
      'snake',
    ]);
    expect(data).toMatchObject({ estimatedTime: '1-2 hours', state: 'Delhi' });
    expect(data.routes[0]).toMatchObject({
      start_location: 'India Gate',
      start_coordinates: { lat: 28.6129, lng: 77.2295 },
      end_location: 'Gate',
      end_coordinates: { lat: 28.61, lng: 77.23 },
    });
    const unknownPlace = await call(t, 'PUT', `/quests/${id}`, creator, { endLocation: 'Nowhere Lane 42' });
    expect(unknownPlace.json().errors).toEqual([expect.objectContaining({ field: 'endLocation' })]);
    const notTheQuests = await call(t, 'PUT', `/quests/${id}`, creator, { status: 'approved' });
    expect(notTheQuests.statusCode).toBe(400);
    const blank = await call(t, 'PUT', `/quests/${id}`, creator, { title: '  ' });
    expect(blank.json().message).toBe('Quest title is required.');
    await setQuest(id, { status: 'approved' });
    const approved = await call(t, 'PUT', `/quests/${id}`, creator, { title: 'Later' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe('Approved quests can only be changed by an admin');
    expect((await call(t, 'PUT', `/quests/${id}`, explorer, { title: 'Mine now' })).statusCode).toBe(403);
  });

  it('lets the creator or an admin delete (the admin logged), never another explorer', async () => {
    const mine = await approvedQuest(t, creator);
    expect((await call(t, 'DELETE', `/quests/${mine}`, explorer)).statusCode).toBe(403);
    const deleted = await call(t, 'DELETE', `/quests/${mine}`, creator);
    expect(deleted.json().data).toEqual({ _id: mine, questId: mine });
    expect((await call(t, 'GET', `/quests/${mine}`, creator)).statusCode).toBe(404);

    const other = await approvedQuest(t, creator);
    expect((await call(t, 'DELETE', `/quests/${other}`, moderator)).statusCode).toBe(200);
    const [log] = await t.database.db.select().from(actionLogs).where(eq(actionLogs.targetId, other));
    expect(log).toMatchObject({
      actionType: 'quest_deletion',
      adminId: idOf(moderator),
      targetType: 'quest',
    });
  });
});

describe('accessibility notes', () => {
  it('keeps the notes the creator and admins write, up to 1000 characters, and shows them to every reader', async () => {
    const created = (
      await submitQuest(t, creator, { accessibilityNotes: '  Step-free lanes; a ramp at the market.  ' })
    ).json().data;
    expect(created.accessibilityNotes).toBe('Step-free lanes; a ramp at the market.');
    const without = (await submitQuest(t, creator, { accessibilityNotes: '' })).json().data;
    expect(without.accessibilityNotes).toBe('');

    const tooLong = await call(t, 'PUT', `/quests/${created._id}`, creator, {
      accessibilityNotes: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ field: 'accessibilityNotes' })]);
    const edited = await call(t, 'PUT', `/quests/${created._id}`, creator, {
      accessibilityNotes: ' Benches ',
    });
    expect(edited.json().data.accessibilityNotes).toBe('Benches');

    const byAdmin = await call(t, 'PUT', `/admin/quests/${created._id}`, moderator, {
      title: created.title,
      description: created.description,
      category: created.category,
      difficulty: created.difficulty,
      tasks: ['One task'],
      accessibilityNotes: 'Benches and a ramp',
    });
    expect(byAdmin.json().data.accessibilityNotes).toBe('Benches and a ramp');
    // A quest saved before the notes existed has none (null): an admin edit that leaves them empty changes nothing.
    await setQuest(created._id, { accessibilityNotes: null });
    await call(t, 'PUT', `/admin/quests/${created._id}`, moderator, {
      title: 'Murals, renamed',
      description: created.description,
      category: created.category,
      difficulty: created.difficulty,
      tasks: ['One task'],
      accessibilityNotes: '',
    });
    const logs = await t.database.db.select().from(actionLogs).where(eq(actionLogs.targetId, created._id));
    expect(logs.map((log) => log.details)).toContainEqual(
      expect.objectContaining({ questTitle: 'Murals, renamed', changedFields: ['title'] }),
    );
    await setQuest(created._id, { accessibilityNotes: 'Benches and a ramp' });

    await setQuest(created._id, { status: 'approved' });
    const visitor = await t.request({ method: 'GET', url: `/api/v1/quests/${created._id}` });
    expect(visitor.json().data.accessibilityNotes).toBe('Benches and a ramp');
    const cleared = await call(t, 'PUT', `/admin/quests/${created._id}`, moderator, {
      title: created.title,
      description: created.description,
      category: created.category,
      difficulty: created.difficulty,
      tasks: ['One task'],
      accessibilityNotes: '  ',
    });
    expect(cleared.json().data.accessibilityNotes).toBe('');
  });
});
