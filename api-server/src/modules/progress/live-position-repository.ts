import { and, desc, eq, gte, inArray, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { joinableUsers } from '../users/index.ts';
import { livePositions, questProgress } from './tables/progress.tables.ts';

const sharers = joinableUsers('users');

export type LivePosition = typeof livePositions.$inferSelect;

/** When the account's newest kept position was recorded, on any of its quests. */
export async function newestPositionAt(tx: Db, userId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(livePositions.recordedAt) })
    .from(livePositions)
    .innerJoin(questProgress, eq(questProgress.id, livePositions.progressId))
    .where(eq(questProgress.userId, userId));
  return row?.at ?? null;
}

/** Keeps `position` as the record's one live position, replacing the one it had. */
export async function upsertLivePosition(tx: Db, position: LivePosition): Promise<void> {
  const { progressId, ...row } = position;
  await tx
    .insert(livePositions)
    .values(position)
    .onConflictDoUpdate({ target: livePositions.progressId, set: row });
}

/** Deletes every position recorded before `before` (a time, or the database's clock minus an interval). */
export async function deletePositionsBefore(db: Db, before: Date | SQL): Promise<number> {
  const removed = await db
    .delete(livePositions)
    .where(lt(livePositions.recordedAt, before))
    .returning({ progressId: livePositions.progressId });
  return removed.length;
}

/** Deletes every position the account shared, on any of its quests. */
export async function deletePositionsOf(tx: Db, userId: string): Promise<void> {
  await tx
    .delete(livePositions)
    .where(
      inArray(
        livePositions.progressId,
        tx.select({ id: questProgress.id }).from(questProgress).where(eq(questProgress.userId, userId)),
      ),
    );
}

/**
 * The record's newest position recorded between `from` and `to`, only while its explorer still shares it.
 * Stored settings hold only what was saved: a missing value is the default, off.
 */
export async function sharedPositionBetween(
  db: Db,
  progressId: string,
  from: Date,
  to: Date,
): Promise<LivePosition | undefined> {
  const [row] = await db
    .select({
      progressId: livePositions.progressId,
      lat: livePositions.lat,
      lng: livePositions.lng,
      accuracy: livePositions.accuracy,
      recordedAt: livePositions.recordedAt,
    })
    .from(livePositions)
    .innerJoin(questProgress, eq(questProgress.id, livePositions.progressId))
    .innerJoin(sharers, eq(sharers.id, questProgress.userId))
    .where(
      and(
        eq(livePositions.progressId, progressId),
        gte(livePositions.recordedAt, from),
        lte(livePositions.recordedAt, to),
        sql`(${sharers.settings} -> 'privacy' ->> 'shareLivePosition') = 'true'`,
      ),
    )
    .orderBy(desc(livePositions.recordedAt))
    .limit(1);
  return row;
}

/** The database's clock minus `ms`, so every instance agrees on what is old. */
export const databaseNowMinus = (ms: number): SQL => sql`now() - make_interval(secs => ${ms / 1000})`;
