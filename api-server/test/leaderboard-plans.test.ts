import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../src/db/client.ts';
import { boardOf } from '../src/modules/leaderboard/boards.ts';
import {
  citiesOf,
  friendsBoardOf,
  peopleOf,
  rankOf,
  topOf,
} from '../src/modules/leaderboard/leaderboard-repository.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { captureSteps, type Explained, explainOn, nodesWithParents, type PlanNode } from './query-plans.ts';

// The plans of the leaderboard statements on 100,000 explorers (docs/product-rules/leaderboards.md#cost):
// the first 50 of a board come from its index in order, an explorer's rank sums one count per xp figure above
// theirs (xp_ranks), and the friends board reads the group's rows only. No statement scans every explorer or sorts
// a whole board. SHOW_PLANS=1 prints every plan.

const EXPLORERS = 100_000;
const BOARD_TABLES = ['users', 'xp_scores', 'friend_requests', 'user_blocks'];

let t: TestApp;
const explained: Explained[] = [];
const now = new Date();

async function seedExplorers(db: Db) {
  // All-time xp spread over 0..4,999 (one explorer in 5,000 has none); this week's xp for one in three.
  await db.execute(sql`
    insert into users (id, username, email, full_name, password_hash, is_email_verified, xp)
    select md5('user' || n)::uuid, 'explorer_' || n, 'explorer' || n || '@example.com', 'Explorer ' || n,
      'not-a-hash', true, (n * 7919) % 5000
    from generate_series(1, ${EXPLORERS}) as n`);
  // Each explorer played in one of 20 cities; this week's boards hold a third of them.
  await db.execute(sql`
    insert into xp_scores (user_id, period, city, xp)
    select md5('user' || n)::uuid, 'all', 'City ' || (n % 20), 1 + (n * 7919) % 5000
    from generate_series(1, ${EXPLORERS}) as n`);
  await db.execute(sql`
    insert into xp_scores (user_id, period, city, xp)
    select md5('user' || n)::uuid, ${boardKey('week')}, city, 1 + (n * 7349) % 900
    from generate_series(1, ${EXPLORERS}) as n, lateral (values (''), ('City ' || (n % 20))) as cities(city)
    where n % 3 = 0`);
  // The first 20,000 explorers asked the next three to be friends, and they accepted.
  await db.execute(sql`
    insert into friend_requests (from_user_id, to_user_id, status, responded_at)
    select md5('user' || u)::uuid, md5('user' || (u + k))::uuid, 'accepted', now()
    from generate_series(1, 20000) as u, generate_series(1, 3) as k`);
  // One explorer in a hundred blocked the next one.
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select md5('user' || n)::uuid, md5('user' || (n + 1))::uuid from generate_series(1, ${EXPLORERS} - 1, 100) as n`);
  await db.execute(sql`vacuum analyze`);
}

function boardKey(period: 'week' | 'all') {
  const board = boardOf(period, 'x', now);
  return board.source === 'scores' ? board.period : 'all';
}

/** Explorer 50,001 sits in the middle of every board they are on (n % 3 = 0 for this week's). */
async function capture() {
  const [row] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select md5('user50001')::uuid as id`));
  if (!row) throw new Error('no explorer to measure');
  const { id } = row;
  const allTime = boardOf('all', '', now);
  const week = boardOf('week', '', now);
  const cityWeek = boardOf('week', 'City 1', now);
  const cityAll = boardOf('all', 'City 1', now);
  const top = await topOf(t.database.db, allTime);
  return captureSteps(t, [
    ['top: all-time, every city', (tx) => topOf(tx, allTime)],
    ['top: this week, every city', (tx) => topOf(tx, week)],
    ['top: this week, one city', (tx) => topOf(tx, cityWeek)],
    ['top: all-time, one city', (tx) => topOf(tx, cityAll)],
    ['rank: all-time, every city', (tx) => rankOf(tx, allTime, id)],
    ['rank: this week, every city', (tx) => rankOf(tx, week, id)],
    ['rank: all-time, one city', (tx) => rankOf(tx, cityAll, id)],
    ['friends: this week', (tx) => friendsBoardOf(tx, week, id)],
    ['friends: all-time', (tx) => friendsBoardOf(tx, allTime, id)],
    [
      'people: the first 50 and the caller',
      (tx) => peopleOf(tx, [...top.map((entry) => entry.userId), id], id),
    ],
    ['cities: of the caller', (tx) => citiesOf(tx, id)],
  ]);
}

/** What is wrong with a plan: a scan of a whole table, or a sort over more rows than a board's first page. */
function problemsOf(plan: PlanNode): string[] {
  const problems: string[] = [];
  for (const [node, parent] of nodesWithParents(plan)) {
    const relation = node['Relation Name'];
    const stopsAtLimit = parent?.['Node Type'] === 'Limit' && node['Plan Rows'] > parent['Plan Rows'];
    if (node['Node Type'] === 'Seq Scan' && relation && BOARD_TABLES.includes(relation) && !stopsAtLimit)
      problems.push(`Seq Scan on ${relation}`);
    if (relation && BOARD_TABLES.includes(relation) && node['Plan Rows'] >= EXPLORERS / 2 && !stopsAtLimit)
      problems.push(`reads about every row of ${relation} (${node['Plan Rows']} rows)`);
    if (/Sort/.test(node['Node Type']) && node['Plan Rows'] > 1000)
      problems.push(`sorts ${node['Plan Rows']} rows`);
  }
  return problems;
}

function plansOf(prefix: string, statements: number): Explained[] {
  const plans = explained.filter((each) => each.label.startsWith(prefix));
  expect(plans.map((each) => each.label)).toHaveLength(statements);
  for (const each of plans) {
    expect(problemsOf(each.tree), `${each.label}\n${each.literal}\n\n${each.plan}`).toEqual([]);
  }
  return plans;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedExplorers(t.database.db);
  for (const statement of await capture()) explained.push(await explainOn(t.database.db, statement));
  if (process.env.SHOW_PLANS) {
    for (const each of explained) console.log(`-- ${each.label}\n${each.literal}\n${each.plan}\n`);
  }
}, 240_000);
afterAll(() => t?.close());

describe('leaderboards on 100,000 explorers', () => {
  it('read the first 50 of every board in order from its index, without sorting', () => {
    for (const each of plansOf('top:', 4)) {
      expect(each.plan, each.label).toMatch(
        /^Limit[^\n]*\n\s*->\s+Index (Only )?Scan using (users_leaderboard_idx|xp_scores_board_idx)/,
      );
    }
  });

  it("sum an explorer's rank from the counts of the xp figures above theirs", () => {
    for (const each of plansOf('rank:', 3)) {
      expect(each.plan, each.label).toMatch(
        /Aggregate[^\n]*\n\s*->\s+Index Only Scan using xp_ranks_period_city_xp_pk[^\n]*\n\s*Index Cond: [^\n]*xp > /,
      );
    }
  });

  it("rank the friends board over the group's rows only", () => {
    plansOf('friends:', 2);
  });

  it('read the people of a board and the caller cities by key', () => {
    plansOf('people:', 1);
    plansOf('cities:', 1);
  });
});
