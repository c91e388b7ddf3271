import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { admin, approveAsRead, call, type Explorer, submitQuest } from '../../../test/quest-fixtures.ts';
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
    await approveAsRead(t, moderator, first);
    expect(await titles()).toEqual(['Cached walk']);

    // A change that bypasses the services is not seen until the cache is cleared...
    await t.database.db.update(quests).set({ title: 'Renamed behind its back' }).where(eq(quests.id, first));
    expect(await titles()).toEqual(['Cached walk']);

    // ...and moderation clears it at once.
    const second = (await submitQuest(t, creator, { title: 'Second walk' })).json().data._id;
    await approveAsRead(t, moderator, second);
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

  it("serves a quest page's shared parts to every viewer from one read, with each viewer's own record read fresh", async () => {
    const id = (await submitQuest(t, creator, { title: 'Shared page walk' })).json().data._id;
    await approveAsRead(t, moderator, id);
    const walker = await registerVerified(t);
    const page = async (who: Explorer) => (await call(t, 'GET', `/quests/${id}`, who)).json().data;
    expect((await page(walker)).title).toBe('Shared page walk');

    // The shared parts come from the cache: a change behind the services' back does not show...
    await t.database.db.update(quests).set({ title: 'Renamed behind its back' }).where(eq(quests.id, id));
    expect((await page(walker)).title).toBe('Shared page walk');
    // ...while the viewer's own record is theirs at once.
    expect((await page(walker)).progress).toBeNull();
    expect((await call(t, 'POST', '/quest-progress/start', walker, { questId: id })).statusCode).toBe(201);
    const started = await page(walker);
    expect(started.progress.status).toBe('ongoing');
    expect(started.title).toBe('Shared page walk');

    // A review is a write to the quest: its page shows it (and everything else current) at once.
    const reviewed = await call(t, 'POST', `/quest-reviews/${id}`, walker, {
      rating: 4,
      comment: 'Lovely lanes',
    });
    expect(reviewed.statusCode).toBe(201);
    const after = await page(walker);
    expect(after.recentReviews.map((review: { comment: string }) => review.comment)).toEqual([
      'Lovely lanes',
    ]);
    expect(after.averageRating).toBe(4);
    expect(after.title).toBe('Renamed behind its back');
  });
});
