import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../src/db/client.ts';
import { toPage } from '../src/lib/pagination.ts';
import {
  createdQuestsWithTotal,
  recommendedQuestsFor,
} from '../src/modules/dashboard/dashboard-repository.ts';
import { listFriends, listPendingRequests } from '../src/modules/friends/friends-repository.ts';
import { listActionLogs } from '../src/modules/insights/action-log-page.ts';
import { listNotifications } from '../src/modules/notifications/notifications-repository.ts';
import { findNearCopies } from '../src/modules/photo-matching/index.ts';
import {
  deleteProgressWithImages,
  findRecordWithQuest,
  insertProgressWithinLimit,
  listWithQuestsByStatus,
  lockOwnProgress,
  lockUserWithQuest,
} from '../src/modules/progress/progress-repository.ts';
import { pendingProofPage } from '../src/modules/progress/proof-repository.ts';
import { questPartsFor } from '../src/modules/quests/quest-parts-repository.ts';
import { findQuestWithCreator, listQuests, textSearchOf } from '../src/modules/quests/quest-repository.ts';
import { listReviews } from '../src/modules/reviews/reviews-repository.ts';
import { listUsers } from '../src/modules/users/user-admin-repository.ts';
import { createTestApp, type TestApp } from './helper.ts';
import {
  type Captured,
  captureSteps,
  type Explained,
  explainOn,
  nodesWithParents,
  type PlanNode,
  type Step,
} from './query-plans.ts';

// The plans PostgreSQL picks for the statements the hot routes run (quest page, dashboard, start and abandon),
// on a city's worth of rows: a missing index shows as a Seq Scan, or as a Sort of every quest, long before a
// small test database would feel it. SHOW_PLANS=1 prints every plan.

const HOT_TABLES = [
  'action_logs',
  'quests',
  'quest_progress',
  'task_proofs',
  'quest_files',
  'quest_tasks',
  'quest_tips',
  'quest_reviews',
  'notifications',
  'friend_requests',
  'users',
  'photo_hashes',
];

let t: TestApp;
let questRows: number;
/** A new photo's six views: arbitrary hashes, looked up through the bands. */
const NEW_PHOTO = [1n, -7n, 123_456_789_012_345n, -98_765_432_109n, 42n, 4_242_424_242n];
const explained: Explained[] = [];

async function seedCity(db: Db) {
  // Ids are md5 of a name and number, so every table can point at rows of another without a join.
  await db.execute(sql`
    insert into users (id, username, email, full_name, password_hash, is_email_verified, created_at)
    select md5('user' || n)::uuid, 'explorer_' || n, 'explorer' || n || '@example.com', 'Explorer ' || n,
      'not-a-hash', true, now() - n * interval '1 hour'
    from generate_series(1, 2000) as n`);
  // 300 creators; one quest in ten still waits for moderation.
  await db.execute(sql`
    insert into quests (id, title, description, category, difficulty, status, xp, address, city, pincode,
      start_location, end_location, tags, created_by, created_at)
    select md5('quest' || n)::uuid, 'City quest ' || n, 'A walk numbered ' || n,
      (array['Art','Food','History','Culture','Adventure','HiddenGems'])[n % 6 + 1],
      (array['Easy','Medium','Hard'])[n % 3 + 1],
      case when n % 10 = 0 then 'pending' else 'approved' end, 10 + n % 50, 'Somewhere', 'Bulkabad', '110001',
      'Start', 'End', array['walk', 'tag' || (n % 500)], md5('user' || (n % 300 + 1))::uuid,
      now() - n * interval '17 minutes'
    from generate_series(1, 5000) as n`);
  await db.execute(sql`
    insert into quest_tasks (quest_id, "order", description)
    select md5('quest' || n)::uuid, k, 'Task ' || k || ' of quest ' || n
    from generate_series(1, 5000) as n, generate_series(1, 3) as k`);
  await db.execute(sql`
    insert into quest_files (quest_id, position, url)
    select md5('quest' || n)::uuid, k, '/uploads/quests/' || n || '-' || k || '.jpg'
    from generate_series(1, 5000) as n, generate_series(1, 1 + n % 2) as k`);
  await db.execute(sql`
    insert into quest_tips (quest_id, position, tip_text)
    select md5('quest' || n)::uuid, k, 'Tip ' || k
    from generate_series(1, 5000) as n, generate_series(1, n % 3) as k`);
  // Ten records per explorer on ten different quests (k * 4729 mod 5000 differs for k = 1..10); at most three
  // ongoing, as the start rule allows, the rest completed.
  await db.execute(sql`
    insert into quest_progress (id, user_id, quest_id, status, xp_awarded, started_at, completed_at, updated_at)
    select md5('progress' || u || '-' || k)::uuid, md5('user' || u)::uuid,
      md5('quest' || ((u * 7919 + k * 4729) % 5000 + 1))::uuid,
      case when k <= u % 4 then 'ongoing' else 'completed' end,
      case when k <= u % 4 then 0 else 30 end,
      now() - (k * 3 + u % 7) * interval '1 day',
      case when k <= u % 4 then null else now() - (k * 3 + u % 7) * interval '1 day' + interval '2 hours' end,
      now() - (k * 3 + u % 7) * interval '1 day'
    from generate_series(1, 2000) as u, generate_series(1, 10) as k`);
  // Every task of a completed record has an approved proof; an ongoing record has sent its first.
  await db.execute(sql`
    insert into task_proofs (progress_id, task_order, status, images, submitted_at)
    select record.id, k, case when record.status = 'completed' then 'approved' else 'submitted' end,
      jsonb_build_array('/uploads/proofs/' || record.id || '-' || k || '.jpg'), record.started_at
    from quest_progress as record,
      generate_series(1, case when record.status = 'completed' then 3 else 1 end) as k`);
  await db.execute(sql`
    insert into quest_reviews (quest_id, user_id, rating, comment, created_at, updated_at)
    select quest_id, user_id, 1 + abs(hashtext(id::text)) % 5, 'Lovely walk', completed_at, completed_at
    from quest_progress where status = 'completed' and abs(hashtext(id::text)) % 2 = 0`);
  // 5,000 admin actions by 20 admins (the first explorers), of 4 types.
  await db.execute(sql`
    insert into action_logs (admin_id, action_type, target_type, target_id, created_at)
    select md5('user' || (n % 20 + 1))::uuid,
      (array['quest_approval','quest_rejection','task_proof_approval','user_suspension'])[n % 4 + 1], 'quest',
      md5('quest' || n)::uuid, now() - n * interval '3 minutes'
    from generate_series(1, 5000) as n`);
  // 15 notifications per explorer, the newest 5 unread.
  await db.execute(sql`
    insert into notifications (user_id, type, title, message, read, created_at)
    select md5('user' || u)::uuid, 'friend_request', 'Hello', 'Message ' || k, k > 5, now() - k * interval '1 hour'
    from generate_series(1, 2000) as u, generate_series(1, 15) as k`);
  // Each explorer asked the next five to be friends: the first four accepted, the fifth still pending.
  await db.execute(sql`
    insert into friend_requests (from_user_id, to_user_id, status, created_at, responded_at)
    select md5('user' || u)::uuid, md5('user' || ((u + k - 1) % 2000 + 1))::uuid,
      case when k < 5 then 'accepted' else 'pending' end, now() - k * interval '1 day',
      case when k < 5 then now() else null end
    from generate_series(1, 2000) as u, generate_series(1, 5) as k`);
  // 20,000 proofs' photos hashed, six views each, as proofs leave them: the duplicate check's haystack.
  await db.execute(sql`
    insert into photo_hashes (hash, band0, band1, band2, band3, image_path, photo_index, quest_id, proof_id,
      progress_id, user_id, task_order)
    select h, (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int,
      '/uploads/proofs/' || proof_id || '.webp', 0, quest_id, proof_id, progress_id, user_id, task_order
    from (
      select proof.id as proof_id, record.id as progress_id, record.quest_id, record.user_id, proof.task_order,
        ('x' || substr(md5(proof.id || '-' || v), 1, 16))::bit(64)::bigint as h
      from (select * from task_proofs order by id limit 20000) as proof
        join quest_progress as record on record.id = proof.progress_id,
        generate_series(1, 6) as v
    ) as hashed`);
  // As autovacuum leaves a table: statistics, and a visibility map that lets a list's ids come from its index.
  await db.execute(sql`vacuum analyze`);
}

/** The hot routes' repository calls on explorer 7, with the statements each ran. */
async function captureStatements(t: TestApp) {
  // Explorer 7 has three ongoing and seven completed records and created 17 quests.
  const [measured] = rowsOf<{ user_id: string; quest_id: string; id: string }>(
    await t.database.db.execute(sql`
      select user_id, quest_id, id from quest_progress
      where user_id = md5('user7')::uuid and status = 'ongoing' order by started_at desc limit 1`),
  );
  const [unplayed] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      select id from quests where status = 'approved' and not exists (
        select 1 from quest_progress where user_id = md5('user7')::uuid and quest_id = quests.id
      ) order by created_at desc limit 1`),
  );
  if (!measured || !unplayed) throw new Error('the seeded city has no record to measure');
  const { user_id: userId, quest_id: questId, id: recordId } = measured;
  const steps: Step[] = [
    ['quest page: the quest with its creator', (tx) => findQuestWithCreator(tx, questId)],
    ['quest page: its parts and the viewer progress', (tx) => questPartsFor(tx, [questId], userId, 3)],
    ['dashboard: created quests', (tx) => createdQuestsWithTotal(tx, userId, 10)],
    ['dashboard: recommended quests', (tx) => recommendedQuestsFor(tx, userId, 6)],
    [
      'dashboard: ongoing records',
      (tx) => listWithQuestsByStatus(tx, userId, 'ongoing', { limit: 10, offset: 0 }),
    ],
    [
      'dashboard: completed records',
      (tx) => listWithQuestsByStatus(tx, userId, 'completed', { limit: 10, offset: 0 }),
    ],
    ['start: lock the explorer, read the quest', (tx) => lockUserWithQuest(tx, userId, unplayed.id)],
    [
      'start: insert within the ongoing limit',
      (tx) => insertProgressWithinLimit(tx, userId, unplayed.id, 3, new Date()),
    ],
    ['progress: the record by id', (tx) => findRecordWithQuest(tx, { id: recordId })],
    ['progress: the record by explorer and quest', (tx) => findRecordWithQuest(tx, { userId, questId })],
    ['abandon: lock the record', (tx) => lockOwnProgress(tx, userId, questId)],
    ['abandon: delete it with its proof images', (tx) => deleteProgressWithImages(tx, recordId)],
    [
      'catalogue: page 1',
      (tx) => listQuests(tx, { status: 'approved' }, 'newest', toPage({ limit: 12 }, 12)),
    ],
    [
      'catalogue: page 300',
      (tx) => listQuests(tx, { status: 'approved' }, 'newest', toPage({ page: 300, limit: 12 }, 12)),
    ],
    [
      'catalogue: a category, page 50',
      (tx) => listQuests(tx, { status: 'approved', category: 'Food' }, 'newest', toPage({ page: 50 }, 12)),
    ],
    [
      'catalogue: admin list of every status, page 200',
      (tx) => listQuests(tx, {}, 'newest', toPage({ page: 200 }, 20)),
    ],
    [
      'search: by relevance, a word every quest has',
      (tx) => listQuests(tx, { status: 'approved', text: textSearchOf('city') }, 'relevance', toPage({}, 10)),
    ],
    [
      'search: by relevance, a rare word',
      (tx) => listQuests(tx, { status: 'approved', text: textSearchOf('tag7') }, 'relevance', toPage({}, 10)),
    ],
    [
      'search: admin, newest first, page 30',
      (tx) => listQuests(tx, { text: textSearchOf('walk') }, 'newest', toPage({ page: 30 }, 20)),
    ],
    ['users: admin list, one letter', (tx) => listUsers(tx, { search: 'e' }, toPage({}, 20))],
    ['users: admin list, page 80', (tx) => listUsers(tx, {}, toPage({ page: 80 }, 20))],
    ['proofs: pending queue, page 20', (tx) => pendingProofPage(tx, toPage({ page: 20 }, 10))],
    [
      'proofs: riskiest first, page 5',
      (tx) => pendingProofPage(tx, toPage({ page: 5 }, 10), { sort: 'risk' }),
    ],
    [
      'proofs: one flag only',
      (tx) => pendingProofPage(tx, toPage({}, 10), { sort: 'risk', flag: 'duplicate_photo' }),
    ],
    [
      'photos: near copies of a proof photo',
      (tx) =>
        findNearCopies(tx, [{ imagePath: '/new.webp', photoIndex: 0, hashes: NEW_PHOTO }], {
          questId,
          progressId: recordId,
          userId,
          taskOrder: 1,
        }),
    ],
    [
      'notifications: page 2 of an explorer',
      (tx) => listNotifications(tx, userId, { unreadOnly: false }, toPage({ page: 2 }, 10)),
    ],
    [
      'notifications: unread of an explorer',
      (tx) => listNotifications(tx, userId, { unreadOnly: true }, toPage({}, 10)),
    ],
    ['reviews: page 1 of a quest', (tx) => listReviews(tx, questId, toPage({}, 10))],
    ['friends: the friends of an explorer', (tx) => listFriends(tx, userId, toPage({}, 20))],
    ['friends: requests received', (tx) => listPendingRequests(tx, userId, 'to', toPage({}, 20))],
    ['logs: page 1', (tx) => listActionLogs(tx, {})],
    ['logs: page 400', (tx) => listActionLogs(tx, { page: 400 })],
    ['logs: one type, page 100', (tx) => listActionLogs(tx, { page: 100, action_type: 'quest_approval' })],
  ];
  return captureSteps(t, steps);
}

const explain = (statement: Captured) => explainOn(t.database.db, statement);

/** The nodes feeding a node, down to (not past) a Limit: what is below a Limit is read only until it stops. */
function unboundedInputsOf(node: PlanNode): PlanNode[] {
  return (node.Plans ?? []).flatMap((child) =>
    child['Node Type'] === 'Limit' ? [] : [child, ...unboundedInputsOf(child)],
  );
}

/** A scan reading every quest: no index condition, or expected to return at least half of them. */
const readsEveryQuest = (node: PlanNode) =>
  node['Relation Name'] === 'quests' &&
  (node['Node Type'] === 'Seq Scan' ||
    (/Index (Only )?Scan/.test(node['Node Type']) && !node['Index Cond']) ||
    node['Plan Rows'] >= questRows / 2);

/** What is wrong with a plan, empty when every hot table is read through an index or a bounded scan. */
function problemsOf(plan: PlanNode): string[] {
  const problems: string[] = [];
  for (const [node, parent] of nodesWithParents(plan)) {
    const relation = node['Relation Name'];
    const stopsAtLimit = parent?.['Node Type'] === 'Limit' && node['Plan Rows'] > parent['Plan Rows'];
    if (node['Node Type'] === 'Seq Scan' && relation && HOT_TABLES.includes(relation) && !stopsAtLimit)
      problems.push(`Seq Scan on ${relation}`);
    if (node['Node Type'] === 'Sort' && unboundedInputsOf(node).some(readsEveryQuest))
      problems.push('Sort over a scan of every quest');
  }
  return problems;
}

function expectIndexedPlans(prefix: string, statements: number) {
  const plans = explained.filter((each) => each.label.startsWith(prefix));
  expect(plans.map((each) => each.label)).toHaveLength(statements);
  for (const each of plans) {
    expect(problemsOf(each.tree), `${each.label}\n${each.literal}\n\n${each.plan}`).toEqual([]);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCity(t.database.db);
  const [counted] = rowsOf<{ count: number }>(
    await t.database.db.execute(sql`select count(*)::integer as count from quests`),
  );
  questRows = counted?.count ?? 0;
  for (const statement of await captureStatements(t)) explained.push(await explain(statement));
  if (process.env.SHOW_PLANS) {
    for (const each of explained) console.log(`-- ${each.label}\n${each.literal}\n${each.plan}\n`);
  }
});
afterAll(() => t?.close());

describe('the hot routes on a city of 5,000 quests, 2,000 explorers and 20,000 records', () => {
  it('read a quest page through indexes only', () => {
    expectIndexedPlans('quest page:', 2);
  });

  it('read the dashboard through indexes, never sorting every quest', () => {
    expectIndexedPlans('dashboard:', 4);
  });

  it('read any catalogue page, however deep, from a list index, and its total from the counters', () => {
    // Each list runs its page and its total; a deep page reads only its own rows in full (no OFFSET over
    // joined rows: the page's ids come from the index, then those quests by id).
    expectIndexedPlans('catalogue:', 8);
    for (const each of explained.filter((plan) => plan.label.startsWith('catalogue:'))) {
      if (each.text.includes('quest_counts')) continue;
      expect(each.plan, each.label).toMatch(/Index Scan using quests_pkey on quests\s/);
      expect(each.plan, each.label).toMatch(
        /->\s+Limit[^\n]*\n\s*->\s+Index (Only )?Scan (Backward )?using quests_/,
      );
    }
  });

  it('rank at most 1,000 narrow candidates of a text search, and count matches up to a cap', () => {
    expectIndexedPlans('search:', 6);
    for (const each of explained.filter((plan) => plan.label.startsWith('search: by relevance'))) {
      if (!each.text.includes('"candidates"')) continue;
      // The candidates are the first matches found, never a sort of every match; they are ranked and counted
      // from their own rows, never from a second read of the quests.
      expect(each.plan, each.label).toMatch(
        /WindowAgg[^\n]*\n(\s+[A-Z][^\n]*\n)*\s*->\s+Limit[^\n]*\n\s*->\s+[A-Za-z ]*Scan[^\n]* on quests /,
      );
      expect(each.plan.match(/ on quests /g), each.label).toHaveLength(1);
    }
    const ranked = explained.filter(
      (plan) => plan.label.startsWith('search: by relevance') && plan.text.includes('"candidates"'),
    );
    expect(ranked).toHaveLength(2);
  });

  it('page users and the proof queue through indexes, counting at most 1,000 past the page', () => {
    expectIndexedPlans('users:', 4);
    expectIndexedPlans('proofs:', 6);
    for (const each of explained.filter((plan) => /^(users|proofs):/.test(plan.label))) {
      if (!/^select count/i.test(each.text)) continue;
      expect(each.plan, each.label).toMatch(/^Aggregate[^\n]*\n\s*->\s+Limit/);
    }
  });

  it('find near copies of a photo through the hash bands, never reading every hash', () => {
    expectIndexedPlans('photos:', 1);
    const [lookup] = explained.filter((plan) => plan.label.startsWith('photos:'));
    expect(lookup?.plan).toMatch(/BitmapOr/);
    expect(lookup?.plan.match(/Bitmap Index Scan on photo_hashes_band\d_idx/g)).toHaveLength(4);
  });

  it("read an explorer's notifications and a quest's reviews through their indexes", () => {
    expectIndexedPlans('notifications:', 6);
    expectIndexedPlans('reviews:', 2);
  });

  it("read an explorer's friends and friend requests through their indexes", () => {
    expectIndexedPlans('friends:', 4);
  });

  it('read any page of the action log from its indexes, and its total from the counters', () => {
    expectIndexedPlans('logs:', 6);
    for (const each of explained.filter((plan) => plan.label.startsWith('logs:'))) {
      if (each.text.includes('action_log_counts')) continue;
      expect(each.plan, each.label).toMatch(/Index Scan using action_logs_pkey on action_logs\s/);
      expect(each.plan, each.label).toMatch(
        /->\s+Limit[^\n]*\n\s*->\s+Index (Only )?Scan (Backward )?using action_logs_/,
      );
    }
  });

  it('start, read and abandon a record through indexes only', () => {
    expectIndexedPlans('start:', 2);
    expectIndexedPlans('progress:', 2);
    expectIndexedPlans('abandon:', 2);
  });
});
