import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, prepared, rowsOf } from '../../db/client.ts';
import type { ProofState } from '../../lib/progress-math.ts';
import {
  type Creator,
  joinableQuests,
  type QuestRow,
  type QuestStatus,
  questAsListed,
} from '../quests/index.ts';
import { joinableUsers } from '../users/index.ts';
import { type ProgressStatus, questProgress, taskProofs } from './tables/progress.tables.ts';

export type ProgressRow = typeof questProgress.$inferSelect;
export type ProofRow = typeof taskProofs.$inferSelect;

const players = joinableUsers('players');
const wanted = joinableQuests('wanted');

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
  // FOR UPDATE OF the accounts' alias locks the account row underneath it, and not the quest's.
  const [row] = rowsOf<{ status: QuestStatus | null; created_by: string | null }>(
    await tx.execute(sql`select ${wanted.status} as status, ${wanted.createdBy} as created_by
      from ${players} left join ${wanted} on ${wanted.id} = ${questId}
      where ${players.id} = ${userId} for update of ${sql.identifier('players')}`),
  );
  if (!row) return undefined;
  return { quest: row.status ? { status: row.status, createdBy: row.created_by } : null };
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

/** The account's completed and ongoing records (one statement). */
export async function progressCountsOf(
  db: Db,
  userId: string,
): Promise<{ completed: number; ongoing: number }> {
  const [row] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${questProgress.status} = 'completed')`.mapWith(Number),
      ongoing: sql<number>`count(*) filter (where ${questProgress.status} = 'ongoing')`.mapWith(Number),
    })
    .from(questProgress)
    .where(eq(questProgress.userId, userId));
  return { completed: row?.completed ?? 0, ongoing: row?.ongoing ?? 0 };
}

/** How many quests each of a page of users completed: one grouped query on an indexed column. */
export async function completedCountsOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: questProgress.userId, value: count() })
    .from(questProgress)
    .where(and(inArray(questProgress.userId, [...userIds]), eq(questProgress.status, 'completed')))
    .groupBy(questProgress.userId);
  return new Map(rows.map((row) => [row.userId, row.value]));
}

export async function countByStatus(db: Db, userId: string, status: ProgressStatus): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.status, status)));
  return row?.value ?? 0;
}

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

export async function findProgressByIds(db: Db, ids: string[]): Promise<ProgressRow[]> {
  if (!ids.length) return [];
  return db.select().from(questProgress).where(inArray(questProgress.id, ids));
}
