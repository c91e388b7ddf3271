import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { livePositions } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { type UserRow, withDefaultSettings } from '../users/index.ts';
import { PROGRESS_NOT_FOUND, type ProgressDeps } from './progress-loader.ts';
import * as repo from './progress-repository.ts';

/** How long a shared position is kept, and how old it may be to count for a proof (moderation.md#proof-evidence). */
export const LIVE_POSITION_KEPT_MS = 30 * 86_400_000;
export const LIVE_POSITION_RECENT_MS = 10 * 60_000;
export const SHARING_OFF = 'Sharing your live position with moderators is off (Settings, Privacy)';

export type LivePosition = typeof livePositions.$inferSelect;

/**
 * PUT /quest-progress/{questId}/position: keeps the explorer's latest live-tracking position on a quest in
 * progress, only when they share it with moderators. Positions past 30 days are dropped as new ones arrive.
 */
export async function recordLivePosition(
  deps: ProgressDeps,
  player: Pick<UserRow, 'id' | 'settings'>,
  questId: string,
  position: { lat: number; lng: number; accuracy?: number | undefined },
  at = new Date(),
): Promise<string> {
  if (!withDefaultSettings(player.settings).privacy.shareLivePosition) throw forbidden(SHARING_OFF);
  const progress = await repo.findProgress(deps.db, player.id, questId);
  if (progress?.status !== 'ongoing') throw notFound(PROGRESS_NOT_FOUND);
  const row = { lat: position.lat, lng: position.lng, accuracy: position.accuracy ?? null, recordedAt: at };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(livePositions)
      .values({ progressId: progress.id, ...row })
      .onConflictDoUpdate({ target: livePositions.progressId, set: row });
    await tx
      .delete(livePositions)
      .where(lt(livePositions.recordedAt, new Date(at.getTime() - LIVE_POSITION_KEPT_MS)));
  });
  return progress.id;
}

/** The record's shared position from the 10 minutes before `at`, if any. */
export async function recentLivePosition(db: Db, progressId: string, at: Date): Promise<LivePosition | null> {
  const [row] = await db
    .select()
    .from(livePositions)
    .where(
      and(
        eq(livePositions.progressId, progressId),
        gte(livePositions.recordedAt, new Date(at.getTime() - LIVE_POSITION_RECENT_MS)),
        lte(livePositions.recordedAt, at),
      ),
    )
    .orderBy(desc(livePositions.recordedAt))
    .limit(1);
  return row ?? null;
}
