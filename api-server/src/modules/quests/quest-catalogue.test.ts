import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import {
  fixtureGeoConfig,
  type GeoFixtureServer,
  startGeoFixtureServer,
} from '../../../test/geo-fixture-server.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { approvedQuest, call, type Explorer, idOf, submitQuest } from '../../../test/quest-fixtures.ts';
import { questProgress, quests } from '../../db/schema.ts';
import { toPage } from '../../lib/pagination.ts';
import { listQuestsQuery, textSearchOf } from './quest-repository.ts';

let t: TestApp;
let creator: Explorer;
let explorer: Explorer;
let places: GeoFixtureServer;
beforeAll(async () => {
  places = await startGeoFixtureServer();
  t = await createTestApp({ geo: fixtureGeoConfig(places.url) });
  [creator, explorer] = [await registerVerified(t), await registerVerified(t)];
});
afterAll(async () => {
  await t.close();
  await places.close();
});

const setQuest = (id: string, values: Partial<typeof quests.$inferInsert>) =>
  t.database.db.update(quests).set(values).where(eq(quests.id, id));
const titles = (list: { title: string }[]) => list.map((quest) => quest.title);

describe('catalogue', () => {
  let city: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    city = `Testpur${Date.now()}`;
    ids.food = await approvedQuest(t, creator, {
      title: 'Chandni Chowk Food Walk',
      category: 'Food',
      difficulty: 'Easy',
      city,
      tags: 'street food, chaat',
      xp: '30',
    });
    ids.history = await approvedQuest(t, creator, {
      title: 'Forts of the Old City',
      category: 'History',
      difficulty: 'Medium',
      city,
      description: 'Ramparts, gates and a stepwell.',
      tags: 'heritage',
      xp: '80',
    });
    ids.gems = await approvedQuest(t, creator, {
      title: 'Hidden Courtyards',
      category: 'HiddenGems',
      difficulty: 'Hard',
      city,
      tags: 'secret',
      xp: '10',
    });
    await setQuest(ids.history, { featured: true, completions: 50, averageRating: 4.5 });
    await setQuest(ids.gems, { completions: 50, averageRating: 4.9 });
  });

  it('filters by category and difficulty, `all` meaning none', async () => {
    const food = await call(t, 'GET', `/quests?category=Food&searchQuery=${city}&limit=50`, explorer);
    expect(titles(food.json().data.quests)).toEqual(['Chandni Chowk Food Walk']);
    const hard = await call(t, 'GET', `/quests?difficulty=Hard&category=all&searchQuery=${city}`, explorer);
    expect(titles(hard.json().data.quests)).toEqual(['Hidden Courtyards']);
  });

  it('sorts newest (default), oldest, popular, rating and xp', async () => {
    const list = async (sortBy?: string) =>
      titles(
        (
          await call(t, 'GET', `/quests?searchQuery=${city}${sortBy ? `&sortBy=${sortBy}` : ''}`, explorer)
        ).json().data.quests,
      );
    expect(await list()).toEqual(['Hidden Courtyards', 'Forts of the Old City', 'Chandni Chowk Food Walk']);
    expect(await list('oldest')).toEqual([
      'Chandni Chowk Food Walk',
      'Forts of the Old City',
      'Hidden Courtyards',
    ]);
    expect(await list('popular')).toEqual([
      'Hidden Courtyards',
      'Forts of the Old City',
      'Chandni Chowk Food Walk',
    ]);
    expect(await list('xp')).toEqual([
      'Forts of the Old City',
      'Chandni Chowk Food Walk',
      'Hidden Courtyards',
    ]);
  });

  it('searches title, description, city and tags by word prefix, approved quests only', async () => {
    const search = async (text: string) =>
      titles(
        (await call(t, 'GET', `/quests/search?search=${encodeURIComponent(text)}`, explorer)).json().data
          .quests,
      );
    expect(await search('chandni')).toContain('Chandni Chowk Food Walk');
    expect(await search('ramp')).toEqual(['Forts of the Old City']);
    expect(await search('street food')).toContain('Chandni Chowk Food Walk');
    expect(await search('secret')).toEqual(['Hidden Courtyards']);
    expect((await search(city.slice(0, 8))).length).toBeGreaterThanOrEqual(3);
    expect(await search('%%%')).toEqual([]);
    await submitQuest(t, creator, { title: 'Unreviewed ramparts tour' });
    expect(await search('ramparts')).toEqual(['Forts of the Old City']);
    const filtered = await call(t, 'GET', `/quests/search?search=${city}&category=History`, explorer);
    expect(filtered.json().data.pagination).toMatchObject({ totalQuests: 1, currentPage: 1, totalPages: 1 });
  });

  it('answers featured, popular and category lists', async () => {
    const featured = await call(t, 'GET', '/quests/featured', explorer);
    expect(titles(featured.json().data)).toContain('Forts of the Old City');
    expect(featured.json().data.every((quest: { featured: boolean }) => quest.featured)).toBe(true);
    const popular = await call(t, 'GET', '/quests/popular?limit=2', explorer);
    expect(titles(popular.json().data)).toEqual(['Hidden Courtyards', 'Forts of the Old City']);
    const gems = await call(t, 'GET', '/quests/category/HiddenGems?limit=20', explorer);
    expect(
      gems.json().data.quests.every((quest: { category: string }) => quest.category === 'HiddenGems'),
    ).toBe(true);
    expect(titles(gems.json().data.quests)).toContain('Hidden Courtyards');
  });

  it('answers a quest in full with its tasks in order', async () => {
    const tasks = await call(t, 'GET', `/quest-tasks/${ids.food}`, explorer);
    expect(tasks.json().data.map((task: { order: number }) => task.order)).toEqual([1, 2, 3]);
    const quest = (await call(t, 'GET', `/quests/${ids.food}`, explorer)).json().data;
    expect(quest).toMatchObject({
      _id: ids.food,
      xp: 30,
      recentReviews: [],
      progress: null,
      type: 'Solo Adventure',
    });
  });

  it('lets the planner answer GET /quests and search from the indexes', async () => {
    const db = t.database.db;
    const explain = async (tx: typeof db, query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const literal = params.reduce<string>(
        (current, value, index) =>
          current.replace(
            new RegExp(`\\$${index + 1}(?!\\d)`),
            typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`,
          ),
        text,
      );
      const result = (await tx.execute(sql.raw(`explain ${literal}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    const page = toPage({ limit: 12 }, 10);
    const plans = await db
      .transaction(async (tx) => {
        // A city's worth of quests (rolled back below), analysed, so the planner sees realistic statistics.
        await tx.execute(sql`
          insert into quests (title, description, category, difficulty, status, xp, address, city, pincode,
            start_location, end_location, tags, created_at)
          select 'Bulk quest ' || n, 'A walk numbered ' || n, (array['Art','Food','History','Culture','Adventure','HiddenGems'])[n % 6 + 1],
            'Easy', case when n % 10 = 0 then 'pending' else 'approved' end, 10, 'Somewhere', 'Bulkabad', '110001',
            'Start', 'End', array['bulk', 'tag' || (n % 500)], now() - n * interval '1 minute'
          from generate_series(1, 5000) as n`);
        // New rows wait in the GIN pending lists until vacuum; flush them as autovacuum would.
        await tx.execute(
          sql`select gin_clean_pending_list('quests_search_idx'), gin_clean_pending_list('quests_tags_idx')`,
        );
        await tx.execute(sql`analyze quests`);
        const result = {
          newest: await explain(tx, listQuestsQuery(tx, { status: 'approved' }, 'newest', page)),
          category: await explain(
            tx,
            listQuestsQuery(tx, { status: 'approved', category: 'Food' }, 'newest', page),
          ),
          search: await explain(
            tx,
            listQuestsQuery(
              tx,
              { status: 'approved', text: textSearchOf('lodhi murals') },
              'relevance',
              page,
            ),
          ),
        };
        throw Object.assign(new Error('rollback'), { result });
      })
      .catch((error: { result?: Record<string, string> }) => {
        if (!error.result) throw error;
        return error.result;
      });
    // Newest first reads an index in created_at order (with status in it, or filtering the few non-approved
    // rows when nearly every quest is approved): never a sort of the whole table.
    expect(plans.newest).toMatch(/Index (Only )?Scan Backward using quests_(status_)?created_idx/);
    expect(plans.category).toMatch(/Index (Only )?Scan Backward using quests_(status_category_)?created_idx/);
    expect(plans.search).toContain('quests_search_idx');
    expect(plans.search).toContain('quests_tags_idx');
    if (process.env.SHOW_PLANS) console.log(Object.values(plans).join('\n\n'));
  });
});

describe('the creator side', () => {
  it('lists my quests in any status with participants and the rejection reason', async () => {
    const me = await registerVerified(t);
    const first = (await submitQuest(t, me, { title: 'First of mine' })).json().data._id;
    const second = await approvedQuest(t, me, { title: 'Second of mine' });
    await setQuest(first, { status: 'rejected', rejectionReason: 'Too short' });
    await t.database.db.insert(questProgress).values({ userId: idOf(explorer), questId: second });
    const mine = (await call(t, 'GET', '/quests/my-quests', me)).json().data;
    expect(
      mine.quests.map((quest: { title: string; participants: number; rejectionReason: string | null }) => [
        quest.title,
        quest.participants,
        quest.rejectionReason,
      ]),
    ).toEqual([
      ['Second of mine', 1, null],
      ['First of mine', 0, 'Too short'],
    ]);
    const rejected = (await call(t, 'GET', '/quests/my-quests?status=rejected', me)).json().data;
    expect(titles(rejected.quests)).toEqual(['First of mine']);
    expect((await call(t, 'GET', '/quests/my-quests', explorer)).json().data.quests.length).toBe(0);
  });

  it('answers the dashboard, recommending unplayed quests of the categories played most', async () => {
    const player = await registerVerified(t);
    const guide = await registerVerified(t);
    const played = await approvedQuest(t, guide, { title: 'Played food walk', category: 'Food' });
    const fresh = await approvedQuest(t, guide, { title: 'Fresh food walk', category: 'Food' });
    await approvedQuest(t, guide, { title: 'Newest art walk', category: 'Art' });
    await approvedQuest(t, player, { title: 'My own food walk', category: 'Food' });
    expect((await call(t, 'POST', '/quest-progress/start', player, { questId: played })).statusCode).toBe(
      201,
    );
    const dashboard = (await call(t, 'GET', '/quests/my-dashboard', player)).json().data;
    expect(dashboard.ongoingQuests.map((entry: { quest_id: { _id: string } }) => entry.quest_id._id)).toEqual(
      [played],
    );
    expect(dashboard.recommendedQuests[0]._id).toBe(fresh);
    const recommended = titles(dashboard.recommendedQuests);
    expect(recommended).not.toContain('Played food walk');
    expect(recommended).not.toContain('My own food walk');
    expect(recommended.length).toBeLessThanOrEqual(6);
    expect(dashboard.userCreatedQuests).toEqual([
      expect.objectContaining({ title: 'My own food walk', participants: 0, status: 'approved' }),
    ]);
    expect(dashboard.stats).toEqual({ totalCompleted: 0, totalOngoing: 1, totalCreated: 1, ongoingLimit: 3 });
    const rows = await t.database.db
      .select()
      .from(questProgress)
      .where(and(eq(questProgress.userId, idOf(player)), eq(questProgress.questId, played)));
    expect(rows).toHaveLength(1);
  });
});
