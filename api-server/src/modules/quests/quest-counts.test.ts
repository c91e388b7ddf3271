import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { call } from '../../../test/quest-fixtures.ts';
import { rowsOf } from '../../db/client.ts';
import type { Category, Difficulty, QuestStatus } from '../../db/schema.ts';
import { countQuests, countsByStatus, type QuestFilter } from './quest-repository.ts';

// List totals come from counters the database keeps with the quest rows (migration 0008): whatever happens to
// the rows, each total must equal a count of the quests themselves.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const STATUSES: QuestStatus[] = ['pending', 'approved', 'rejected'];
const CATEGORIES: Category[] = ['Art', 'Food', 'History', 'Culture', 'Adventure', 'HiddenGems'];
const DIFFICULTIES: Difficulty[] = ['Easy', 'Medium', 'Hard'];

async function counted(filter: QuestFilter): Promise<number> {
  const where = [
    filter.status ? sql`status = ${filter.status}` : sql`true`,
    filter.category ? sql`category = ${filter.category}` : sql`true`,
    filter.difficulty ? sql`difficulty = ${filter.difficulty}` : sql`true`,
  ];
  const [row] = rowsOf<{ total: number }>(
    await t.database.db.execute(
      sql`select count(*)::integer as total from quests where ${sql.join(where, sql` and `)}`,
    ),
  );
  return row?.total ?? 0;
}

async function expectTotalsEqualCounts() {
  const filters: QuestFilter[] = [{}];
  for (const status of STATUSES) {
    filters.push({ status });
    for (const category of CATEGORIES) filters.push({ status, category });
    for (const difficulty of DIFFICULTIES) filters.push({ status, difficulty });
  }
  for (const category of CATEGORIES) filters.push({ category, difficulty: 'Hard' });
  for (const filter of filters) {
    const { total, capped } = await countQuests(t.database.db, filter, { offset: 0 });
    expect({ total, capped }, JSON.stringify(filter)).toEqual({
      total: await counted(filter),
      capped: false,
    });
  }
  expect(await countsByStatus(t.database.db)).toEqual({
    pending: await counted({ status: 'pending' }),
    approved: await counted({ status: 'approved' }),
    rejected: await counted({ status: 'rejected' }),
  });
}

describe('quest totals kept with the rows', () => {
  it('follow inserts, moderation, edits of what is counted, other edits and deletions', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into quests (title, description, category, difficulty, status, xp, address, city, pincode,
        start_location, end_location)
      select 'Counted ' || n, 'A walk', (array['Art','Food','History','Culture','Adventure','HiddenGems'])[n % 6 + 1],
        (array['Easy','Medium','Hard'])[n % 3 + 1], (array['pending','approved','rejected'])[n % 4 % 3 + 1], 10,
        'Somewhere', 'Countville', '110001', 'Start', 'End'
      from generate_series(1, 240) as n`);
    await expectTotalsEqualCounts();

    await db.execute(sql`update quests set status = 'approved' where title like 'Counted %' and status = 'pending'
      and right(title, 1) in ('1', '3', '5')`);
    await db.execute(sql`update quests set category = 'Food', difficulty = 'Hard'
      where title like 'Counted %' and right(title, 1) = '7'`);
    // Fields that are not counted change nothing, and a write that sets a counted field to its own value either.
    await db.execute(sql`update quests set views = views + 3, status = status where title like 'Counted %'`);
    await db.execute(sql`delete from quests where title like 'Counted %' and right(title, 1) in ('2', '9')`);
    await expectTotalsEqualCounts();
  });

  it('are what GET /quests and the moderation counters answer', async () => {
    const explorer = await registerVerified(t);
    const approved = await counted({ status: 'approved' });
    const list = await call(t, 'GET', '/quests?limit=1', explorer);
    expect(list.json().data.pagination.totalQuests).toBe(approved);
    const food = await call(t, 'GET', '/quests/category/Food?limit=1', explorer);
    expect(food.json().data.pagination.totalQuests).toBe(
      await counted({ status: 'approved', category: 'Food' }),
    );
  });
});
