import { and, asc, count, countDistinct, desc, eq, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ProgressStatus,
  type ProofStatus,
  questFiles,
  questProgress,
  questTasks,
  taskProofs,
  users,
} from '../../db/schema.ts';
import type { ProofState } from '../../lib/progress-math.ts';
import type { Creator, QuestRow } from '../quests/index.ts';

export type ProgressRow = typeof questProgress.$inferSelect;
export type ProofRow = typeof taskProofs.$inferSelect;
export type NewProof = Omit<typeof taskProofs.$inferInsert, 'id' | 'progressId' | 'taskOrder'>;

export async function findProgress(
  db: Db,
  userId: string,
  questId: string,
): Promise<ProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, questId)))
    .limit(1);
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

/** Serialises proof submissions and decisions on one progress record. */
export async function lockProgress(tx: Db, id: string): Promise<ProgressRow | undefined> {
  const [row] = await tx.select().from(questProgress).where(eq(questProgress.id, id)).for('update');
  return row;
}

/** How many records the user has ongoing and completed, in one statement. */
export async function countsByStatus(db: Db, userId: string): Promise<Record<ProgressStatus, number>> {
  const [row] = await db
    .select({
      ongoing: sql<number>`count(*) filter (where ${questProgress.status} = 'ongoing')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${questProgress.status} = 'completed')`.mapWith(Number),
    })
    .from(questProgress)
    .where(eq(questProgress.userId, userId));
  return { ongoing: row?.ongoing ?? 0, completed: row?.completed ?? 0 };
}

export async function countByStatus(db: Db, userId: string, status: ProgressStatus): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.status, status)));
  return row?.value ?? 0;
}

export async function insertProgress(
  db: Db,
  userId: string,
  questId: string,
  at = new Date(),
): Promise<ProgressRow> {
  const [row] = await db
    .insert(questProgress)
    .values({ userId, questId, startedAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('progress insert returned nothing');
  return row;
}

/** A user's records of one status: ongoing newest started first, completed newest completed first. */
const progressOrder = (status: ProgressStatus) =>
  status === 'completed'
    ? [desc(questProgress.completedAt), desc(questProgress.id)]
    : [desc(questProgress.startedAt), desc(questProgress.id)];

export type ProgressWithQuest = ProgressRow & {
  proofs: ProofState[];
  quest: QuestRow & { creator: Creator | null; files: { url: string }[]; tasks: { id: string }[] };
};

/** A page of the user's records in one status, each with its quest (creator, photos, task ids) and proof states. */
export async function listWithQuestsByStatus(
  db: Db,
  userId: string,
  status: ProgressStatus,
  window: { limit: number; offset: number },
): Promise<ProgressWithQuest[]> {
  return db.query.questProgress.findMany({
    where: and(eq(questProgress.userId, userId), eq(questProgress.status, status)),
    orderBy: progressOrder(status),
    limit: window.limit,
    offset: window.offset,
    with: {
      proofs: { columns: { taskOrder: true, status: true } },
      quest: {
        columns: { search: false },
        with: {
          creator: { columns: { id: true, username: true, fullName: true, avatarUrl: true } },
          files: { columns: { url: true }, orderBy: [asc(questFiles.position)] },
          tasks: { columns: { id: true }, orderBy: [asc(questTasks.order)] },
        },
      },
    },
  });
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

export async function deleteProgress(db: Db, id: string): Promise<void> {
  await db.delete(questProgress).where(eq(questProgress.id, id));
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

/** Inserts the proof of a task, or replaces a rejected one in place. */
export async function saveProof(
  db: Db,
  progressId: string,
  taskOrder: number,
  proof: NewProof,
): Promise<void> {
  const values = {
    status: 'submitted' as const,
    feedback: null,
    reviewedBy: null,
    reviewedAt: null,
    submittedAt: new Date(),
    ...proof,
  };
  await db
    .insert(taskProofs)
    .values({ progressId, taskOrder, ...values })
    .onConflictDoUpdate({ target: [taskProofs.progressId, taskProofs.taskOrder], set: values });
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
export async function pendingProofPage(
  db: Db,
  window: { limit: number; offset: number },
): Promise<{ progressIds: string[]; total: number }> {
  const waiting = eq(taskProofs.status, 'submitted');
  const firstSubmitted = min(taskProofs.submittedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ progressId: taskProofs.progressId, first: firstSubmitted })
      .from(taskProofs)
      .where(waiting)
      .groupBy(taskProofs.progressId)
      .orderBy(asc(firstSubmitted), asc(taskProofs.progressId))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: countDistinct(taskProofs.progressId) })
      .from(taskProofs)
      .where(waiting),
  ]);
  return { progressIds: rows.map((row) => row.progressId), total: total?.value ?? 0 };
}

/** Stored image URLs of every proof of the given records (to remove the files with them). */
export async function proofImagesOf(db: Db, progressIds: string[]): Promise<string[]> {
  if (!progressIds.length) return [];
  const rows = await db
    .select({ images: taskProofs.images })
    .from(taskProofs)
    .where(inArray(taskProofs.progressId, progressIds));
  return rows.flatMap((row) => row.images);
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
