import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { admin, call, type Explorer } from './quest-fixtures.ts';

// Lists whose matches are unbounded stop counting 1,000 past the page's first item and say so (`totalCapped`,
// docs/product-rules/api-shapes.md#lists-and-pagination); smaller sets keep exact totals.

let t: TestApp;
let explorer: Explorer;
let moderator: Explorer;

beforeAll(async () => {
  t = await createTestApp();
  explorer = await registerVerified(t);
  moderator = await admin(t);
  const db = t.database.db;
  // 1,003 walkers, each with one approved quest (newest last) and one record with a proof waiting.
  await db.execute(sql`
    insert into users (id, username, email, full_name, password_hash, is_email_verified, created_at)
    select md5('walker' || n)::uuid, 'walker_' || n, 'walker' || n || '@example.com', 'Walker ' || n,
      'not-a-hash', true, now() - (2000 - n) * interval '1 minute'
    from generate_series(1, 1003) as n`);
  await db.execute(sql`
    insert into quests (id, title, description, category, difficulty, status, xp, address, city, pincode,
      start_location, end_location, created_by, created_at)
    select md5('fort' || n)::uuid, 'Fort walk ' || n, 'Along the old walls', 'History', 'Easy', 'approved', 20,
      'Somewhere', 'Delhi', '110001', 'Start', 'End', md5('walker' || n)::uuid,
      now() - (2000 - n) * interval '1 minute'
    from generate_series(1, 1003) as n`);
  await db.execute(sql`
    insert into quest_progress (id, user_id, quest_id, status, started_at, updated_at)
    select md5('record' || n)::uuid, md5('walker' || n)::uuid, md5('fort' || n)::uuid, 'ongoing', now(), now()
    from generate_series(1, 1003) as n`);
  await db.execute(sql`
    insert into task_proofs (progress_id, task_order, status, images, submitted_at)
    select md5('record' || n)::uuid, 1, 'submitted', '[]'::jsonb, now() - n * interval '1 second'
    from generate_series(1, 1003) as n`);
});
afterAll(() => t?.close());

async function counted(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ total: number }>(await t.database.db.execute(query));
  return row?.total ?? 0;
}

const pageOf = async (url: string, who: Explorer) => {
  const response = await call(t, 'GET', url, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('totals of unbounded lists', () => {
  it('a search by relevance ranks 1,000 matches and says more match', async () => {
    const first = await pageOf('/quests/search?search=fort', explorer);
    expect(first.pagination).toMatchObject({
      totalQuests: 1000,
      totalCapped: true,
      totalPages: 100,
      hasNextPage: true,
    });
    // Equal ranks fall back to the newest first.
    const created = first.quests.map((quest: { createdAt: string }) => quest.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const last = await pageOf('/quests/search?search=fort&page=100', explorer);
    expect(last.quests).toHaveLength(10);
    expect(last.pagination).toMatchObject({ hasNextPage: false, totalCapped: true });
    expect((await pageOf('/quests/search?search=fort&page=101', explorer)).quests).toEqual([]);
  });

  it('a search with fewer matches than the cap counts them exactly', async () => {
    // Prefix words: 'walk 7' finds Fort walk 7, 70-79 and 700-799.
    const data = await pageOf('/quests/search?search=fort%20walk%207', explorer);
    expect(data.pagination).toMatchObject({ totalQuests: 111, totalCapped: false, totalPages: 12 });
  });

  it('a search in another order counts 1,000 past the page, exactly when fewer are left', async () => {
    const first = await pageOf('/quests?searchQuery=fort&sortBy=newest&limit=10', explorer);
    expect(first.pagination).toMatchObject({ totalQuests: 1000, totalCapped: true, hasNextPage: true });
    // Page 3 counts up to 1,020: all 1,003 matches, exactly.
    const third = await pageOf('/quests?searchQuery=fort&sortBy=newest&page=3&limit=10', explorer);
    expect(third.pagination).toMatchObject({ totalQuests: 1003, totalCapped: false, totalPages: 101 });
    expect(third.quests[0].title).toBe('Fort walk 983');
    const admins = await pageOf('/admin/quests?search=fort&page=101&limit=10', moderator);
    expect(admins.pagination).toMatchObject({ totalQuests: 1003, totalCapped: false, hasNextPage: false });
    expect(admins.quests).toHaveLength(3);
  });

  it('user lists count 1,000 past the page, or exactly when fewer match', async () => {
    const first = await pageOf('/admin/users?search=walker&limit=20', moderator);
    expect(first.pagination).toMatchObject({ totalUsers: 1000, totalCapped: true, hasNextPage: true });
    const second = await pageOf('/admin/users?search=walker&page=2&limit=20', moderator);
    expect(second.pagination).toMatchObject({ totalUsers: 1003, totalCapped: false, totalPages: 51 });
    const some = await pageOf('/admin/users?search=walker_7', moderator);
    expect(some.pagination).toMatchObject({
      totalUsers: await counted(
        sql`select count(*)::integer as total from users where username like 'walker\_7%'`,
      ),
      totalCapped: false,
    });
    const found = await pageOf('/users/search?username=walker', explorer);
    expect(found.pagination).toMatchObject({ totalUsers: 1000, totalCapped: true, hasNextPage: true });
  });

  it('the proof queue counts 1,000 waiting records past the page', async () => {
    const first = await pageOf('/admin/proofs/pending', moderator);
    expect(first.pagination).toMatchObject({ totalProofs: 1000, totalCapped: true, hasNextPage: true });
    const last = await pageOf('/admin/proofs/pending?page=101', moderator);
    expect(last.pagination).toMatchObject({ totalProofs: 1003, totalCapped: false, hasNextPage: false });
    expect(last.proofs).toHaveLength(3);
  });
});
