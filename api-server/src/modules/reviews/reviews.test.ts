import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { approvedQuest, call, type Explorer, idOf, submitQuest } from '../../../test/quest-fixtures.ts';
import { quests } from '../../db/schema.ts';

let t: TestApp;
let guide: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  guide = await registerVerified(t);
});
afterAll(() => t.close());

const review = (who: Explorer, questId: string, payload: object) =>
  call(t, 'POST', `/quest-reviews/${questId}`, who, payload);
const startedExplorer = async (questId: string) => {
  const who = await registerVerified(t);
  expect((await call(t, 'POST', '/quest-progress/start', who, { questId })).statusCode).toBe(201);
  return who;
};

describe('POST /quest-reviews/{questId}', () => {
  it('takes one review per explorer (a second replaces it) and keeps the rating figures right', async () => {
    const id = await approvedQuest(t, guide);
    const [asha, ravi] = [await startedExplorer(id), await startedExplorer(id)];
    const first = await review(asha, id, { rating: 5, comment: '  Lovely walk.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      rating: 5,
      comment: 'Lovely walk.',
      user: { _id: idOf(asha), username: asha.username },
    });
    expect((await review(ravi, id, { rating: 2 })).statusCode).toBe(201);
    const replaced = await review(asha, id, { rating: 4, comment: 'Good, a bit long.' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data._id).toBe(first.json().data._id);

    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
    expect(row).toMatchObject({
      averageRating: 3,
      totalReviews: 2,
      ratingBreakdown: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
    });
    const detail = (await call(t, 'GET', `/quests/${id}`, ravi)).json().data;
    expect(detail.recentReviews.map((entry: { rating: number }) => entry.rating)).toEqual([2, 4]);
  });

  it('refuses the creator, explorers who have not started it, and quests not approved', async () => {
    const id = await approvedQuest(t, guide);
    const own = await review(guide, id, { rating: 5 });
    expect([own.statusCode, own.json().message]).toEqual([403, 'You cannot review your own quest']);
    const stranger = await registerVerified(t);
    const early = await review(stranger, id, { rating: 5 });
    expect([early.statusCode, early.json().message]).toEqual([403, 'Start this quest before reviewing it']);
    const pending = (await submitQuest(t, guide)).json().data._id;
    expect((await review(stranger, pending, { rating: 5 })).statusCode).toBe(404);
    expect((await review(stranger, '00000000-0000-4000-8000-000000000000', { rating: 5 })).statusCode).toBe(
      404,
    );
  });

  it('checks the rating (1 to 5) and the comment (500 characters at most)', async () => {
    const id = await approvedQuest(t, guide);
    const explorer = await startedExplorer(id);
    const high = await review(explorer, id, { rating: 6 });
    expect([high.statusCode, high.json().message]).toEqual([
      400,
      'Rating must be a whole number from 1 to 5',
    ]);
    expect((await review(explorer, id, { rating: 0 })).statusCode).toBe(400);
    expect((await review(explorer, id, { comment: 'No stars' })).statusCode).toBe(400);
    const long = await review(explorer, id, { rating: 3, comment: 'x'.repeat(501) });
    expect([long.statusCode, long.json().message]).toEqual([
      400,
      'Review text must be at most 500 characters',
    ]);
    expect((await review(explorer, id, { rating: 3, comment: 'x'.repeat(500) })).statusCode).toBe(201);
  });
});

describe('GET /quest-reviews/{questId}', () => {
  it('lists reviews newest first with the community rating, in pages', async () => {
    const id = await approvedQuest(t, guide);
    const reviewers = [await startedExplorer(id), await startedExplorer(id), await startedExplorer(id)];
    for (const [index, who] of reviewers.entries()) await review(who, id, { rating: index + 3 });
    const page = (await call(t, 'GET', `/quest-reviews/${id}?limit=2`, guide)).json().data;
    expect(page.reviews.map((entry: { rating: number }) => entry.rating)).toEqual([5, 4]);
    expect(page.rating).toEqual({ average: 4, totalReviews: 3, breakdown: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 } });
    expect(page.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalReviews: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    const second = (await call(t, 'GET', `/quest-reviews/${id}?limit=2&page=2`, guide)).json().data;
    expect(second.reviews.map((entry: { rating: number }) => entry.rating)).toEqual([3]);
  });
});
