import type { Schema } from '@cityquest/contract';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, prepared, rowsOf } from '../../db/client.ts';
import { questFiles, quests, questTasks, users } from '../../db/schema.ts';
import { type CappedTotal, countCapOf, countUpTo } from '../../lib/pagination.ts';
import type { ProofState } from '../../lib/progress-math.ts';
import type { Creator, QuestRow } from '../quests/index.ts';
import {
  type ProgressStatus,
  type ProofStatus,
  questProgress,
  taskProofs,
} from './tables/progress.tables.ts';

export type ProgressRow = typeof questProgress.$inferSelect;
export type ProofRow = typeof taskProofs.$inferSelect;
export type NewProof = Omit<typeof taskProofs.$inferInsert, 'id' | 'progressId' | 'taskOrder'>;

/** The explorer's record of the quest (at most one: user and quest are unique together). */
const ownProgress = (db: Db, userId: string, questId: string) =>
  db
    .select()
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, questId)));

export async function findProgress(
  db: Db,
  userId: string,
  questId: string,
): Promise<ProgressRow | undefined> {
  const [row] = await ownProgress(db, userId, questId).limit(1);
  return row;
}

export async function findProgressById(db: Db, id: string): Promise<ProgressRow | undefined> {
  const [row] = await db.select().from(questProgress).where(eq(questProgress.id, id)).limit(1);
  return row;
}

/** Serialises every start, completion and proof decision of one explorer (the 3-ongoing rule holds under races). */
export async function lockUser(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/**
 * Locks the explorer's row (serialising their starts) and reads the quest they want to start beside it. Only the
 * quest's moderation state is read here: what the lock guards (their records) is read after it, in later
 * statements that see every start committed before the lock was granted.
 */
export async function lockUserWithQuest(
  tx: Db,
  userId: string,
  questId: string,
): Promise<{ quest: Pick<QuestRow, 'status' | 'createdBy'> | null } | undefined> {
  const [row] = await tx
    .select({ status: quests.status, createdBy: quests.createdBy })
    .from(users)
    .leftJoin(quests, eq(quests.id, questId))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  if (!row) return undefined;
  return { quest: row.status ? { status: row.status, createdBy: row.createdBy } : null };
}

/**
 * Starts the quest unless the explorer already has a record of it or `ongoingLimit` ongoing ones: the id of the
 * new record, or undefined when either rule stopped it (one statement; run it under `lockUserWithQuest`).
 */
export async function insertProgressWithinLimit(
  tx: Db,
  userId: string,
  questId: string,
  ongoingLimit: number,
  at: Date,
): Promise<string | undefined> {
  const result = await tx.execute(sql`
    insert into ${questProgress} (user_id, quest_id, started_at, updated_at)
    select ${userId}::uuid, ${questId}::uuid, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    where (
      select count(*) from ${questProgress}
      where ${questProgress.userId} = ${userId} and ${questProgress.status} = 'ongoing'
    ) < ${ongoingLimit}
    on conflict (user_id, quest_id) do nothing
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}

/** Serialises proof submissions and decisions on one progress record. */
export async function lockProgress(tx: Db, id: string): Promise<ProgressRow | undefined> {
  const [row] = await tx.select().from(questProgress).where(eq(questProgress.id, id)).for('update');
  return row;
}

export async function countByStatus(db: Db, userId: string, status: ProgressStatus): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.status, status)));
  return row?.value ?? 0;
}

/** A record's quest as lists and records show it: its row, creator, photos (cover first) and task ids in order. */
const questAsListed = {
  columns: { search: false as const },
  with: {
    creator: { columns: { id: true, username: true, fullName: true, avatarUrl: true } as const },
    files: { columns: { url: true as const }, orderBy: [asc(questFiles.position)] },
    tasks: { columns: { id: true as const }, orderBy: [asc(questTasks.order)] },
  },
};

/** A user's records of one status: ongoing newest started first, completed newest completed first. */
const progressOrder = (status: ProgressStatus) =>
  status === 'completed'
    ? [desc(questProgress.completedAt), desc(questProgress.id)]
    : [desc(questProgress.startedAt), desc(questProgress.id)];

export type ProgressWithQuest = ProgressRow & {
  /** How many records of the status the user has in all (the same on every row). */
  total: number;
  proofs: ProofState[];
  quest: QuestRow & { creator: Creator | null; files: { url: string }[]; tasks: { id: string }[] };
};

/**
 * A page of the user's records in one status, each with its quest (creator, photos, task ids), proof states and
 * the status's total.
 */
export async function listWithQuestsByStatus(
  db: Db,
  userId: string,
  status: ProgressStatus,
  window: { limit: number; offset: number },
): Promise<ProgressWithQuest[]> {
  const query = prepared(db, `progress-with-quests:${status}`, () => progressWithQuestsQuery(db, status));
  return query.execute({ userId, limit: window.limit, offset: window.offset });
}

function progressWithQuestsQuery(db: Db, status: ProgressStatus) {
  return db.query.questProgress
    .findMany({
      where: and(eq(questProgress.userId, sql.placeholder('userId')), eq(questProgress.status, status)),
      orderBy: progressOrder(status),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      extras: {
        // Not a window count: that would need every record's quest built before the limit. This count reads the
        // user's records of the status from an index, once per statement (it depends on no row).
        total: sql<number>`(
          select count(*) from ${questProgress} as counted
          where counted.user_id = ${sql.placeholder('userId')} and counted.status = ${status}
        )`
          .mapWith(Number)
          .as('total'),
      },
      with: {
        proofs: { columns: { taskOrder: true, status: true } },
        quest: questAsListed,
      },
    })
    .prepare(`progress_with_quests_${status}`);
}

export type ProgressRecordRow = ProgressRow & {
  proofs: ProofRow[];
  quest: QuestRow & { creator: Creator | null; files: { url: string }[]; tasks: { id: string }[] };
};

/** One record with every proof and its quest (creator, photos, task ids), in one statement. */
export async function findRecordWithQuest(
  db: Db,
  where: { id: string } | { userId: string; questId: string },
): Promise<ProgressRecordRow | undefined> {
  if ('id' in where) {
    return prepared(db, 'record-with-quest:id', () =>
      recordWithQuestQuery(db, eq(questProgress.id, sql.placeholder('id')), 'record_with_quest_by_id'),
    ).execute(where);
  }
  return prepared(db, 'record-with-quest:player', () =>
    recordWithQuestQuery(
      db,
      and(
        eq(questProgress.userId, sql.placeholder('userId')),
        eq(questProgress.questId, sql.placeholder('questId')),
      ),
      'record_with_quest_by_player',
    ),
  ).execute(where);
}

function recordWithQuestQuery(db: Db, where: SQL | undefined, name: string) {
  return db.query.questProgress
    .findFirst({
      where,
      with: {
        proofs: { orderBy: [asc(taskProofs.taskOrder)] },
        quest: questAsListed,
      },
    })
    .prepare(name);
}

/** The explorer's record of the quest, locked until the transaction ends. */
export async function lockOwnProgress(
  tx: Db,
  userId: string,
  questId: string,
): Promise<ProgressRow | undefined> {
  const [row] = await ownProgress(tx, userId, questId).for('update');
  return row;
}

/** Deletes a record with its proofs, answering the stored images of those proofs (to remove the files). */
export async function deleteProgressWithImages(tx: Db, id: string): Promise<string[]> {
  const [row] = await tx
    .delete(questProgress)
    .where(eq(questProgress.id, id))
    .returning({
      // Spelled out: drizzle writes RETURNING's columns without their table, which the subquery needs.
      images: sql<string[]>`(
        select coalesce(jsonb_agg(image), '[]'::jsonb)
        from ${taskProofs} as proof, jsonb_array_elements_text(proof.images) as image
        where proof.progress_id = ${questProgress}.id
      )`,
    });
  return row?.images ?? [];
}

export async function setNotes(db: Db, id: string, notes: string): Promise<void> {
  await db.update(questProgress).set({ notes, updatedAt: new Date() }).where(eq(questProgress.id, id));
}

export async function touchProgress(db: Db, id: string, at = new Date()): Promise<void> {
  await db.update(questProgress).set({ updatedAt: at }).where(eq(questProgress.id, id));
}

export async function completeProgress(db: Db, id: string, xpAwarded: number, at: Date): Promise<void> {
  await db
    .update(questProgress)
    .set({ status: 'completed', completedAt: at, xpAwarded, updatedAt: at })
    .where(eq(questProgress.id, id));
}

/** Every proof of the given records, by task order. */
export async function proofsFor(
  db: Db,
  progressIds: string[],
  status?: ProofStatus,
): Promise<Map<string, ProofRow[]>> {
  const byProgress = new Map<string, ProofRow[]>();
  if (!progressIds.length) return byProgress;
  const rows = await db
    .select()
    .from(taskProofs)
    .where(
      and(inArray(taskProofs.progressId, progressIds), status ? eq(taskProofs.status, status) : undefined),
    )
    .orderBy(asc(taskProofs.progressId), asc(taskProofs.taskOrder));
  for (const row of rows) byProgress.set(row.progressId, [...(byProgress.get(row.progressId) ?? []), row]);
  return byProgress;
}

export async function findProof(
  db: Db,
  progressId: string,
  taskOrder: number,
): Promise<ProofRow | undefined> {
  const [row] = await db
    .select()
    .from(taskProofs)
    .where(and(eq(taskProofs.progressId, progressId), eq(taskProofs.taskOrder, taskOrder)))
    .limit(1);
  return row;
}

/** The caller's proof sent with this Idempotency-Key, with its quest, whatever task or quest it was for. */
export async function findProofByKey(db: Db, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select({
      questId: questProgress.questId,
      taskOrder: taskProofs.taskOrder,
      requestDigest: taskProofs.requestDigest,
    })
    .from(taskProofs)
    .innerJoin(questProgress, eq(questProgress.id, taskProofs.progressId))
    .where(and(eq(taskProofs.idempotencyKey, idempotencyKey), eq(questProgress.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts the proof of a task, or replaces a rejected one in place. */
export async function saveProof(
  db: Db,
  progressId: string,
  taskOrder: number,
  proof: NewProof,
): Promise<string> {
  const values = {
    status: 'submitted' as const,
    feedback: null,
    reviewedBy: null,
    reviewedAt: null,
    claimedBy: null,
    claimExpiresAt: null,
    idempotencyKey: null,
    requestDigest: null,
    submittedAt: new Date(),
    ...proof,
  };
  const [saved] = await db
    .insert(taskProofs)
    .values({ progressId, taskOrder, ...values })
    .onConflictDoUpdate({ target: [taskProofs.progressId, taskProofs.taskOrder], set: values })
    .returning({ id: taskProofs.id });
  if (!saved) throw new Error('The proof was not saved');
  return saved.id;
}

export async function reviewProof(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; feedback: string | null; reviewedBy: string; at: Date },
): Promise<void> {
  await db
    .update(taskProofs)
    .set({
      status: decision.status,
      feedback: decision.feedback,
      reviewedBy: decision.reviewedBy,
      reviewedAt: decision.at,
      claimedBy: null,
      claimExpiresAt: null,
    })
    .where(eq(taskProofs.id, id));
}

export async function taskCountsFor(db: Db, questIds: string[]): Promise<Map<string, number>> {
  if (!questIds.length) return new Map();
  const rows = await db
    .select({ questId: questTasks.questId, value: count() })
    .from(questTasks)
    .where(inArray(questTasks.questId, questIds))
    .groupBy(questTasks.questId);
  return new Map(rows.map((row) => [row.questId, row.value]));
}

/** Progress records with a proof waiting for review, the longest-waiting first. */
/** The queue's order and filter (listPendingProofs' `sort` and `flag`). */
export type QueueView = { sort?: Schema<'ProofQueueSort'>; flag?: Schema<'ProofFlagFilter'> };

function flagCondition(flag: QueueView['flag']): SQL | undefined {
  if (!flag || flag === 'all') return undefined;
  if (flag === 'flagged') return sql`cardinality(${taskProofs.flags}) > 0`;
  if (flag === 'unflagged') return sql`cardinality(${taskProofs.flags}) = 0`;
  return arrayContains(taskProofs.flags, [flag]);
}

export async function pendingProofPage(
  db: Db,
  window: { limit: number; offset: number },
  view: QueueView = {},
): Promise<{ progressIds: string[]; total: CappedTotal }> {
  const waiting = and(eq(taskProofs.status, 'submitted'), flagCondition(view.flag));
  const firstSubmitted = min(taskProofs.submittedAt);
  const risk = sql`max(cardinality(${taskProofs.flags}))`;
  const order = view.sort === 'risk' ? [desc(risk), asc(firstSubmitted)] : [asc(firstSubmitted)];
  const [rows, total] = await Promise.all([
    db
      .select({ progressId: taskProofs.progressId, first: firstSubmitted })
      .from(taskProofs)
      .where(waiting)
      .groupBy(taskProofs.progressId)
      .orderBy(...order, asc(taskProofs.progressId))
      .limit(window.limit)
      .offset(window.offset),
    // A city's queue can grow long: counted only 1,000 past the page.
    countUpTo(db, taskProofs, waiting, countCapOf(window), { distinct: taskProofs.progressId }),
  ]);
  return { progressIds: rows.map((row) => row.progressId), total };
}

/**
 * Claims a waiting proof for `adminId` until `until`, unless another moderator's claim still holds: one
 * statement, so two moderators claiming at once cannot both win.
 */
export async function claimProof(
  db: Db,
  proofId: string,
  adminId: string,
  at: Date,
  until: Date,
): Promise<boolean> {
  const claimed = await db
    .update(taskProofs)
    .set({ claimedBy: adminId, claimExpiresAt: until })
    .where(
      and(
        eq(taskProofs.id, proofId),
        eq(taskProofs.status, 'submitted'),
        or(
          isNull(taskProofs.claimedBy),
          eq(taskProofs.claimedBy, adminId),
          lte(taskProofs.claimExpiresAt, at),
        ),
      ),
    )
    .returning({ id: taskProofs.id });
  return claimed.length > 0;
}

export async function releaseClaim(db: Db, proofId: string, adminId: string): Promise<void> {
  await db
    .update(taskProofs)
    .set({ claimedBy: null, claimExpiresAt: null })
    .where(and(eq(taskProofs.id, proofId), eq(taskProofs.claimedBy, adminId)));
}

/** Usernames of who decided a proof and who holds it, for the 409s that name them. */
export async function proofHolders(
  db: Db,
  proof: Pick<ProofRow, 'reviewedBy' | 'claimedBy'>,
): Promise<{ reviewer: string | null; claimer: string | null }> {
  const ids = [proof.reviewedBy, proof.claimedBy].filter((id): id is string => Boolean(id));
  const people = await userSummaries(db, ids);
  return {
    reviewer: (proof.reviewedBy && people.get(proof.reviewedBy)?.username) || null,
    claimer: (proof.claimedBy && people.get(proof.claimedBy)?.username) || null,
  };
}

export async function findProgressByIds(db: Db, ids: string[]): Promise<ProgressRow[]> {
  if (!ids.length) return [];
  return db.select().from(questProgress).where(inArray(questProgress.id, ids));
}

export type PersonRow = { id: string; username: string; fullName: string; avatarUrl: string | null };

export async function userSummaries(db: Db, ids: string[]): Promise<Map<string, PersonRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
