// A city's worth of rows for the scale bench, written with generate_series on top of a database the API has
// migrated and seeded with the demo city. The city grows in blocks of 10,000 quests with their explorers, records,
// proofs and log; 100,000 quests are ten blocks. Ids are md5 of a name and a number, as in the hot-path plans test
// (api-server/test/hot-path-plans.test.ts), so one statement can point at the rows of another without reading them.

/** One block of the city; the bench's sizes are whole blocks. */
const BLOCK = {
  quests: 10_000,
  users: 5_000,
  // 27 records in 34 are completed: 6,750 completed and 1,750 ongoing.
  records: 8_500,
  // Of the ongoing records, these have proven two tasks and the rest one: 22,800 proofs with the completed three.
  ongoingWithTwoProofs: 800,
  waitingProofs: 135,
  actionLogs: 20_000,
};
const COMPLETED_IN_34 = 27;
const ONGOING = BLOCK.records - (BLOCK.records / 34) * COMPLETED_IN_34;

/** A quest's status from its number: 18 in 20 approved, one pending, one rejected, spread over every category. */
const statusOf = (n) =>
  `(case ((${n} - 1) / 6) % 20 when 3 then 'pending' when 13 then 'rejected' else 'approved' end)`;
const xpOf = (n) => `(50 + (${n}) % 10 * 25)`;
/**
 * When row n of a kind was made: scattered over the same three years at every size (7919 is prime, so no two rows
 * of a kind share a minute), so a 10,000-quest city holds a tenth of the 100,000 one in any window, the analytics'
 * last 30 days included.
 */
const SPREAD_MINUTES = 1_500_000;
const madeAt = (n) => `(now() - (${n})::bigint * 7919 % ${SPREAD_MINUTES} * interval '1 minute')`;

/** The 1-based numbers of a block's first and last row of a kind. */
const rangeOf = (block, perBlock) => [block * perBlock + 1, (block + 1) * perBlock];

/** What the bulk rows borrow from the demo city: its moderators, and stored files that exist on disk. */
async function demoReferences(client) {
  const {
    rows: [found],
  } = await client.query(`
    select (select id from users where username = 'moderator') as moderator,
      (select id from users where username = 'superadmin') as superadmin,
      (select url from quest_files order by url limit 1) as photo,
      (select images from task_proofs where jsonb_array_length(images) > 0 order by id limit 1) as proof_images`);
  if (!found.moderator || !found.superadmin || !found.photo || !found.proof_images) {
    throw new Error('the demo city is missing: start the API once with SEED_DEMO=1 on this database first');
  }
  return { ...found, proofImages: JSON.stringify(found.proof_images) };
}

function insertUsers(client, block) {
  const [first, last] = rangeOf(block, BLOCK.users);
  // Some never came back after signing up; the others were last active within 60 days, never before joining.
  return client.query(
    `insert into users (id, username, email, full_name, password_hash, is_email_verified, xp, created_at,
       updated_at, last_active_at)
     select md5('scale-user' || u)::uuid, lower(name.first) || '_' || u,
       lower(name.first) || '.' || u || '@scale.cityquest.dev', name.first || ' ' || name.last, 'not-a-hash', true,
       u * 7919 % 5000, joined, joined,
       case when u % 5 <> 0 then greatest(joined, now() - u * 7919 % 1440 * interval '1 hour') end
     from generate_series($1::int, $2::int) as u,
       lateral (select ${madeAt('u')} as joined) as signup,
       lateral (select
         (array['Aarav','Diya','Kabir','Meera','Rohan','Isha','Vikram','Neha','Arjun','Priya','Sanjay','Ananya'])[u % 12 + 1] as first,
         (array['Sharma','Iyer','Khan','Reddy','Das','Mehta','Nair','Gupta','Singh','Bose'])[u / 12 % 10 + 1] as last
       ) as name`,
    [first, last],
  );
}

function insertQuests(client, block) {
  const [first, last] = rangeOf(block, BLOCK.quests);
  const [firstUser] = rangeOf(block, BLOCK.users);
  // Plain inserts, so the quest_counts triggers (migration 0008) keep the list totals right.
  return client.query(
    `insert into quests (id, title, subtitle, description, category, difficulty, status, rejection_reason,
       suggested_xp, xp, tags, address, city, state, pincode, start_location, start_lat, start_lng, end_location,
       end_lat, end_lng, lat, lng, views, created_by, created_at, updated_at)
     select md5('scale-quest' || n)::uuid, place.landmark || ' ' || place.walk || ' ' || n,
       'A ' || lower(kind.difficulty) || ' walk in ' || city.name,
       'Follow the ' || lower(place.landmark) || ' trail of ' || city.name || ', stop by stop, number ' || n || '.',
       kind.category, kind.difficulty, ${statusOf('n')},
       case when ${statusOf('n')} = 'rejected' then 'The stops are too far apart.' end,
       ${xpOf('n')}, ${xpOf('n')}, array[lower(kind.category), lower(place.landmark)],
       place.landmark || ' Road, ' || city.name, city.name, city.state, city.pincode,
       place.landmark || ' gate', point.lat, point.lng, place.landmark || ' end', point.lat + 0.01, point.lng + 0.01,
       point.lat, point.lng, n * 137 % 500, md5('scale-user' || ($3::int + n * 7 % 500))::uuid, made, made
     from generate_series($1::int, $2::int) as n
       join (values (0, 'New Delhi', 'Delhi', '110001', 28.6139, 77.2090),
         (1, 'Mumbai', 'Maharashtra', '400001', 19.0760, 72.8777),
         (2, 'Bengaluru', 'Karnataka', '560001', 12.9716, 77.5946),
         (3, 'Jaipur', 'Rajasthan', '302001', 26.9124, 75.7873),
         (4, 'Kolkata', 'West Bengal', '700001', 22.5726, 88.3639),
         (5, 'Chennai', 'Tamil Nadu', '600001', 13.0827, 80.2707),
         (6, 'Hyderabad', 'Telangana', '500001', 17.3850, 78.4867)
       ) as city (i, name, state, pincode, lat, lng) on city.i = n % 7,
       lateral (select
         (array['Art','Food','History','Culture','Adventure','HiddenGems'])[(n - 1) % 6 + 1] as category,
         (array['Easy','Medium','Hard'])[(n - 1) / 6 % 3 + 1] as difficulty
       ) as kind,
       lateral (select
         (array['Fort','Bazaar','Stepwell','Temple','Mural','Lake','Palace','Market','Garden','Ghat','Lane','Museum'])[n / 7 % 12 + 1] as landmark,
         (array['Walk','Trail','Hunt','Loop','Crawl'])[n % 5 + 1] as walk
       ) as place,
       lateral (select city.lat + (n * 37 % 200 - 100) / 2000.0 as lat,
         city.lng + (n * 53 % 200 - 100) / 2000.0 as lng) as point,
       lateral (select ${madeAt('n')} as made) as created`,
    [first, last, firstUser],
  );
}

/** Three tasks, two tips and one photo (two for every fourth quest) per quest. */
async function insertQuestParts(client, block, { photo }) {
  const range = rangeOf(block, BLOCK.quests);
  await client.query(
    `insert into quest_tasks (quest_id, "order", description, hint)
     select md5('scale-quest' || n)::uuid, k, 'Stop ' || k || ': find the plaque and photograph it.',
       case when k = 2 then 'Look up, above the door.' end
     from generate_series($1::int, $2::int) as n, generate_series(1, 3) as k`,
    range,
  );
  await client.query(
    `insert into quest_tips (quest_id, position, tip_text)
     select md5('scale-quest' || n)::uuid, k, (array['Go early, before the crowds.', 'Carry water.'])[k]
     from generate_series($1::int, $2::int) as n, generate_series(1, 2) as k`,
    range,
  );
  await client.query(
    `insert into quest_files (quest_id, position, url)
     select md5('scale-quest' || n)::uuid, k, $3
     from generate_series($1::int, $2::int) as n, generate_series(1, case when n % 4 = 0 then 2 else 1 end) as k`,
    [...range, photo],
  );
}

/**
 * Explorers play the approved quests of their own block: every explorer one record, seven in ten a second on
 * another quest (so at most two ongoing, under the limit of three), 27 in 34 records completed.
 */
async function insertProgress(client, block) {
  const [firstQuest, lastQuest] = rangeOf(block, BLOCK.quests);
  const [firstUser] = rangeOf(block, BLOCK.users);
  const [firstRecord] = rangeOf(block, BLOCK.records);
  // An explorer's two slots land on quests 4,729 apart in the list of approved ones (about 9,000, and 4,729 is
  // prime), so never on the same quest. A record starts between the later of the explorer's sign-up and the
  // quest's creation, and now.
  await client.query(
    `with approved as (
       select n, row_number() over (order by n) as i
       from generate_series($1::int, $2::int) as n
       where ${statusOf('n')} = 'approved'
     ), slots as (
       select r, $3::int + (r - 1) % $4::int as u, (r - 1) / $4::int + 1 as slot,
         r % 34 < ${COMPLETED_IN_34} as completed, r * 7919 % 1000 / 1000.0 as played
       from generate_series(1, $5::int) as r
     )
     insert into quest_progress (id, quest_id, user_id, status, xp_awarded, started_at, completed_at, updated_at)
     select md5('scale-progress' || ($6::int + r - 1))::uuid, md5('scale-quest' || approved.n)::uuid,
       md5('scale-user' || u)::uuid, case when completed then 'completed' else 'ongoing' end,
       case when completed then ${xpOf('approved.n')} else 0 end, started,
       case when completed then least(now(), started + interval '130 minutes') end,
       case when completed then least(now(), started + interval '130 minutes') else started end
     from slots
       join approved on approved.i = (u * 7919 + slot * 4729) % (select count(*) from approved) + 1,
       lateral (select greatest(${madeAt('u')}, ${madeAt('approved.n')}) as since) as playable,
       lateral (select since + (now() - since) * played as started) as start`,
    [firstQuest, lastQuest, firstUser, BLOCK.users, BLOCK.records, firstRecord],
  );
  // The catalogue's popular order reads the completion counter the API keeps beside each quest.
  await client.query(
    `update quests set completions = done.total
     from (select quest_id, count(*)::int as total from quest_progress
       where status = 'completed' and quest_id in (select md5('scale-quest' || n)::uuid from generate_series($1::int, $2::int) as n)
       group by quest_id) as done
     where quests.id = done.quest_id`,
    [firstQuest, lastQuest],
  );
  // The weekly and city leaderboards count these completions as the API would have on completing them.
  await client.query(
    `insert into xp_scores (user_id, period, city, xp)
     select record.user_id, board.period, board.city, sum(record.xp_awarded)
     from quest_progress as record
       join quests on quests.id = record.quest_id,
       lateral (values ('all', quests.city),
         (to_char(date_trunc('week', record.completed_at at time zone 'UTC'), 'YYYY-MM-DD'), ''),
         (to_char(date_trunc('week', record.completed_at at time zone 'UTC'), 'YYYY-MM-DD'), quests.city)
       ) as board(period, city)
     where record.status = 'completed' and record.xp_awarded > 0
       and record.id in (select md5('scale-progress' || r)::uuid from generate_series($1::int, $2::int) as r)
     group by record.user_id, board.period, board.city
     on conflict (user_id, period, city) do update set xp = xp_scores.xp + excluded.xp`,
    rangeOf(block, BLOCK.records),
  );
}

/**
 * Every task of a completed record has an approved proof. An ongoing record has proven one task or two, all
 * approved but its last: that one waits for a moderator in 135 records of the block (spread evenly over the
 * 1,750: (j * 135) mod 1,750 falls below 135 exactly 135 times), was rejected in some, approved in the rest.
 */
function insertProofs(client, block, { moderator, proofImages }) {
  const [firstRecord, lastRecord] = rangeOf(block, BLOCK.records);
  return client.query(
    `with records as (
       select r, record.id, record.status, record.started_at,
         row_number() over (partition by record.status order by r) as j
       from generate_series($1::int, $2::int) as r
         join quest_progress as record on record.id = md5('scale-progress' || r)::uuid
     ), proven as (
       select records.*,
         case when status = 'completed' then 3 when j <= ${BLOCK.ongoingWithTwoProofs} then 2 else 1 end as tasks
       from records
     ), proofs as (
       select proven.*, k, least(now(), started_at + k * interval '40 minutes') as sent,
         case
           when status = 'completed' or k < tasks then 'approved'
           when j * ${BLOCK.waitingProofs} % ${ONGOING} < ${BLOCK.waitingProofs} then 'submitted'
           when j % 10 = 0 then 'rejected'
           else 'approved'
         end as verdict
       from proven, generate_series(1, tasks) as k
     )
     insert into task_proofs (id, progress_id, task_order, status, notes, images, feedback, reviewed_by,
       submitted_at, reviewed_at)
     select md5('scale-proof' || r || '-' || k)::uuid, id, k, verdict, 'At stop ' || k || '.', $4::jsonb,
       case when verdict = 'rejected' then 'Too far from the stop; try again closer.' end,
       case when verdict <> 'submitted' then $3::uuid end, sent,
       case when verdict <> 'submitted' then least(now(), sent + interval '10 minutes') end
     from proofs`,
    [firstRecord, lastRecord, moderator, proofImages],
  );
}

/** The moderators' log: mostly approvals of quests and proofs, one entry in four by the super admin. */
function insertActionLogs(client, block, { moderator, superadmin }) {
  const [first, last] = rangeOf(block, BLOCK.actionLogs);
  const [firstQuest] = rangeOf(block, BLOCK.quests);
  const [firstRecord] = rangeOf(block, BLOCK.records);
  const [firstUser] = rangeOf(block, BLOCK.users);
  return client.query(
    `insert into action_logs (admin_id, action_type, target_type, target_id, details, reason, created_at)
     select case when i % 4 = 0 then $4::uuid else $3::uuid end, kind.action_type, kind.target_type,
       case kind.target_type
         when 'quest' then md5('scale-quest' || ($5::int + i % $6::int))::uuid
         when 'task_proof' then md5('scale-proof' || ($7::int + i % $8::int) || '-1')::uuid
         else md5('scale-user' || ($9::int + i % $10::int))::uuid
       end,
       case kind.target_type when 'user' then '{}'::jsonb
         else jsonb_build_object('questTitle', 'Quest ' || ($5::int + i % $6::int)) end,
       kind.reason, ${madeAt('i')}
     from generate_series($1::int, $2::int) as i
       join (values (0, 'quest_approval', 'quest', null::text), (1, 'quest_approval', 'quest', null),
         (2, 'quest_approval', 'quest', null), (3, 'quest_rejection', 'quest', 'The stops are too far apart.'),
         (4, 'task_proof_approval', 'task_proof', null), (5, 'task_proof_approval', 'task_proof', null),
         (6, 'task_proof_approval', 'task_proof', null), (7, 'task_proof_approval', 'task_proof', null),
         (8, 'task_proof_rejection', 'task_proof', 'Too far from the stop; try again closer.'),
         (9, 'user_suspension', 'user', 'Spam in reviews.')
       ) as kind (slot, action_type, target_type, reason) on kind.slot = i % 10`,
    [
      first,
      last,
      moderator,
      superadmin,
      firstQuest,
      BLOCK.quests,
      firstRecord,
      BLOCK.records,
      firstUser,
      BLOCK.users,
    ],
  );
}

/** Adds one block in a transaction: a failed constraint leaves the city as it was. */
async function addBlock(client, block, demo) {
  await client.query('begin');
  try {
    await insertUsers(client, block);
    await insertQuests(client, block);
    await insertQuestParts(client, block, demo);
    await insertProgress(client, block);
    await insertProofs(client, block, demo);
    await insertActionLogs(client, block, demo);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Grows the bulk city from `fromQuests` to `toQuests` (multiples of BLOCK.quests), then vacuums and analyzes. */
export async function growCity(client, fromQuests, toQuests) {
  if (fromQuests % BLOCK.quests || toQuests % BLOCK.quests) {
    throw new Error(`city sizes are multiples of ${BLOCK.quests} quests`);
  }
  const demo = await demoReferences(client);
  for (let block = fromQuests / BLOCK.quests; block < toQuests / BLOCK.quests; block += 1) {
    await addBlock(client, block, demo);
  }
  // As autovacuum leaves a table: statistics, and a visibility map that lets a list's ids come from its index.
  await client.query('vacuum analyze');
}

/** How many rows of each kind the city holds, demo city included. */
export async function cityCounts(client) {
  const {
    rows: [counts],
  } = await client.query(`
    select (select count(*) from quests) as quests,
      (select count(*) from quests where status = 'approved') as "approvedQuests",
      (select coalesce(sum(total), 0) from quest_counts) as "countedQuests",
      (select count(*) from quest_tasks) as tasks,
      (select count(*) from quest_tips) as tips,
      (select count(*) from quest_files) as photos,
      (select count(*) from users) as users,
      (select count(*) from quest_progress) as records,
      (select count(*) from quest_progress where status = 'completed') as "completedRecords",
      (select count(*) from task_proofs) as proofs,
      (select count(*) from task_proofs where status = 'submitted') as "waitingProofs",
      (select count(*) from action_logs) as "actionLogs"`);
  return Object.fromEntries(Object.entries(counts).map(([kind, count]) => [kind, Number(count)]));
}
