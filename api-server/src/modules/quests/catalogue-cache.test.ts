import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { admin, call, type Explorer, submitQuest } from '../../../test/quest-fixtures.ts';
import { quests } from '../../db/schema.ts';

let t: TestApp;
let creator: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp({ catalogueCacheMs: 60_000 });
  creator = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

const titles = async () =>
  (await call(t, 'GET', '/quests?limit=50', creator))
    .json()
    .data.quests.map((q: { title: string }) => q.title);

describe('the catalogue cache', () => {
  it('serves identical catalogue reads from one answer and clears it when moderation changes a quest', async () => {
    const first = (await submitQuest(t, creator, { title: 'Cached walk' })).json().data._id;
    await call(t, 'PATCH', `/admin/quests/${first}/approve`, moderator, {});
    expect(await titles()).toEqual(['Cached walk']);

    // A change that bypasses the services is not seen until the cache is cleared...
    await t.database.db.update(quests).set({ title: 'Renamed behind its back' }).where(eq(quests.id, first));
    expect(await titles()).toEqual(['Cached walk']);

    // ...and moderation clears it at once.
    const second = (await submitQuest(t, creator, { title: 'Second walk' })).json().data._id;
    await call(t, 'PATCH', `/admin/quests/${second}/approve`, moderator, {});
    expect((await titles()).sort()).toEqual(['Renamed behind its back', 'Second walk']);
  });

  it('never caches what admins see', async () => {
    const pending = (await submitQuest(t, creator, { title: 'Waiting walk' })).json().data._id;
    const before = (await call(t, 'GET', '/quests?status=pending', moderator)).json().data.quests;
    expect(before.map((q: { _id: string }) => q._id)).toContain(pending);
    await t.database.db.update(quests).set({ title: 'Waiting, renamed' }).where(eq(quests.id, pending));
    const after = (await call(t, 'GET', '/quests?status=pending', moderator)).json().data.quests;
    expect(after.find((q: { _id: string }) => q._id === pending).title).toBe('Waiting, renamed');
  });
});
