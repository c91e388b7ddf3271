import type { Schema } from '@cityquest/contract';
import { and, arrayContains, asc, desc, eq, inArray, isNull, lte, min, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CappedTotal, countCapOf, countUpTo } from '../../lib/pagination.ts';
import { accountSummariesOf } from '../users/index.ts';
import type { ProofRow } from './progress-repository.ts';
import { type ProofStatus, questProgress, taskProofs } from './tables/progress.tables.ts';

export type NewProof = Omit<typeof taskProofs.$inferInsert, 'id' | 'progressId' | 'taskOrder'>;

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

/** The queue's order and filter (listPendingProofs' `sort` and `flag`). */
export type QueueView = { sort?: Schema<'ProofQueueSort'>; flag?: Schema<'ProofFlagFilter'> };

function flagCondition(flag: QueueView['flag']): SQL | undefined {
  if (!flag || flag === 'all') return undefined;
  if (flag === 'flagged') return sql`cardinality(${taskProofs.flags}) > 0`;
  if (flag === 'unflagged') return sql`cardinality(${taskProofs.flags}) = 0`;
  return arrayContains(taskProofs.flags, [flag]);
}

/** Progress records with a proof waiting for review, the longest-waiting first. */
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
  const people = await accountSummariesOf(db, ids);
  return {
    reviewer: (proof.reviewedBy && people.get(proof.reviewedBy)?.username) || null,
    claimer: (proof.claimedBy && people.get(proof.claimedBy)?.username) || null,
  };
}

/** The stored files of every proof the account sent: photos and attachments (removed with the account). */
export async function proofFilesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ images: taskProofs.images, files: taskProofs.files })
    .from(taskProofs)
    .innerJoin(questProgress, eq(questProgress.id, taskProofs.progressId))
    .where(eq(questProgress.userId, userId));
  return rows.flatMap((proof) => [...proof.images, ...proof.files.map((file) => file.url)]);
}
