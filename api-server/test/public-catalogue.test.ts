import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quests } from '../src/db/schema.ts';
import { registerVerified } from './fixtures.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';
import { approvedQuest, call, type Explorer, idOf, submitQuest } from './quest-fixtures.ts';

// Visitors without a token read the approved catalogue and a quest's page (docs/product-rules/quests.md#visitors):
// never a pending or rejected quest, never anyone's full name, picture or progress.

let t: TestApp;
let creator: Explorer;
let reviewer: Explorer;
let approved: string;
let pending: string;
let rejected: string;

const visitor = (url: string, options: Partial<InjectOptions> = {}) =>
  t.request({ method: 'GET', url: `/api/v1${url}`, remoteAddress: '203.0.113.7', ...options });

beforeAll(async () => {
  t = await createTestApp();
  creator = await registerVerified(t, { fullName: 'Meera Creator' });
  reviewer = await registerVerified(t, { fullName: 'Ravi Reviewer' });
  approved = await approvedQuest(t, creator, { title: 'Stepwells of the old city', category: 'History' });
  pending = (await submitQuest(t, creator, { title: 'Stepwells still waiting', category: 'History' })).json()
    .data._id;
  rejected = await approvedQuest(t, creator, { title: 'Stepwells turned down', category: 'History' });
  await t.database.db
    .update(quests)
    .set({ status: 'rejected', rejectionReason: 'Too short' })
    .where(eq(quests.id, rejected));
  await t.database.db.execute(sql`
    insert into quest_reviews (quest_id, user_id, rating, comment)
    values (${approved}, ${idOf(reviewer)}, 5, 'Worth the climb')`);
  const started = await call(t, 'POST', '/quest-progress/start', reviewer, { questId: approved });
  if (started.statusCode !== 201) throw new Error(`start failed: ${started.body}`);
});
afterAll(() => t?.close());

const titlesOf = (list: { title: string }[]) => list.map((quest) => quest.title);

describe('the catalogue for visitors', () => {
  it('lists, searches, features, ranks and filters approved quests only', async () => {
    await t.database.db.update(quests).set({ featured: true }).where(eq(quests.id, approved));
    const answers = {
      list: await visitor('/quests?status=pending&limit=100'),
      search: await visitor('/quests/search?search=stepwells'),
      featured: await visitor('/quests/featured'),
      popular: await visitor('/quests/popular?limit=20'),
      category: await visitor('/quests/category/History'),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, name).toBe(200);
      const data = answer.json().data;
      const titles = titlesOf(Array.isArray(data) ? data : data.quests);
      expect(titles, name).toContain('Stepwells of the old city');
      expect(titles, name).not.toContain('Stepwells still waiting');
      expect(titles, name).not.toContain('Stepwells turned down');
    }
  });

  it('shows creators by username only', async () => {
    const [listed] = (await visitor('/quests/search?search=stepwells')).json().data.quests;
    expect(listed.submittedBy).toEqual({
      _id: idOf(creator),
      username: creator.username,
      fullName: null,
      avatar: null,
    });
    // Signed in, the same list names the creator and shows the picture.
    const [signedIn] = (await call(t, 'GET', '/quests/search?search=stepwells', reviewer)).json().data.quests;
    expect(signedIn.submittedBy.fullName).toBe('Meera Creator');
    expect(signedIn.submittedBy.avatar).toMatch(/^http/);
  });

  it("opens an approved quest's page with no progress and reviewers by username only", async () => {
    const answer = await visitor(`/quests/${approved}`);
    expect(answer.statusCode).toBe(200);
    const quest = answer.json().data;
    expect(quest.title).toBe('Stepwells of the old city');
    expect(quest.progress).toBeNull();
    expect(quest.tasks.length).toBeGreaterThan(0);
    expect(quest.submittedBy).toMatchObject({ username: creator.username, fullName: null, avatar: null });
    expect(quest.recentReviews).toHaveLength(1);
    expect(quest.recentReviews[0]).toMatchObject({
      comment: 'Worth the climb',
      user: { username: reviewer.username, fullName: null, avatar: null },
    });
    // The reviewer signed in sees their own progress on the same page.
    expect((await call(t, 'GET', `/quests/${approved}`, reviewer)).json().data.progress).not.toBeNull();
    expect(answer.body).not.toContain(reviewer.email);
    expect(answer.body).not.toContain('Ravi Reviewer');
  });

  it("lists an approved quest's reviews with reviewers by username only", async () => {
    const answer = await visitor(`/quest-reviews/${approved}`);
    expect(answer.statusCode).toBe(200);
    const [review] = answer.json().data.reviews;
    expect(review).toMatchObject({
      comment: 'Worth the climb',
      user: { username: reviewer.username, fullName: null, avatar: null },
    });
  });

  it('answers 404 for a pending or rejected quest and its reviews, as if it did not exist', async () => {
    for (const id of [pending, rejected]) {
      for (const url of [`/quests/${id}`, `/quest-reviews/${id}`]) {
        const answer = await visitor(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json().message, url).toBe('Quest not found');
      }
    }
  });

  it('checks a token when one is sent: an invalid one answers 401, not the visitor view', async () => {
    const answer = await visitor(`/quests/${approved}`, { headers: bearer('not-a-token') });
    expect(answer.statusCode).toBe(401);
    expect((await visitor('/quests', { headers: bearer('not-a-token') })).statusCode).toBe(401);
  });

  it('keeps everything else behind sign-in', async () => {
    for (const url of ['/quests/my-dashboard', '/quests/my-quests', `/quest-tasks/${approved}`]) {
      expect((await visitor(url)).statusCode, url).toBe(401);
    }
    const start = await t.request({
      method: 'POST',
      url: '/api/v1/quest-progress/start',
      payload: { questId: approved },
    });
    expect(start.statusCode).toBe(401);
  });

  it("counts a visitor's view once however often they refresh, and each address on its own", async () => {
    const id = await approvedQuest(t, creator, { title: 'Counted walk' });
    const views = async (remoteAddress: string) =>
      (await visitor(`/quests/${id}`, { remoteAddress })).json().data.views;
    expect(await views('198.51.100.1')).toBe(1);
    expect(await views('198.51.100.1')).toBe(1);
    expect(await views('198.51.100.2')).toBe(2);
    expect(await views('198.51.100.1')).toBe(2);
  });
});
