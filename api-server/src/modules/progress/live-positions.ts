import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { lockSettings, type UserRow, withDefaultSettings } from '../users/index.ts';
import {
  databaseNowMinus,
  deletePositionsBefore,
  type LivePosition,
  newestPositionAt,
  sharedPositionBetween,
  upsertLivePosition,
} from './live-position-repository.ts';
import { PROGRESS_NOT_FOUND, type ProgressDeps } from './progress-batch.ts';
import * as repo from './progress-repository.ts';

/** How long a shared position is kept, and how old it may be to count for a proof (moderation.md#proof-evidence). */
export const LIVE_POSITION_KEPT_MS = 30 * 86_400_000;
export const LIVE_POSITION_RECENT_MS = 10 * 60_000;
/** One position per account per 30 seconds, the quest page's own pace (maps-and-location.md#live-position-sharing). */
export const LIVE_POSITION_INTERVAL_MS = 30_000;
/** How often each API instance drops the positions past LIVE_POSITION_KEPT_MS. */
export const LIVE_POSITION_PURGE_EVERY_MS = 60 * 60_000;
export const SHARING_OFF = 'Sharing your live position with moderators is off (Settings, Privacy)';
export const tooSoon = (seconds: number) =>
  `Your live position is kept at most once every 30 seconds. Please wait ${seconds} seconds.`;

/** The account's sharing setting, read under its row lock (which an opt-out's update also takes). */
async function lockSharing(tx: Db, userId: string): Promise<boolean> {
  const settings = await lockSettings(tx, userId);
  return settings ? withDefaultSettings(settings).privacy.shareLivePosition : false;
}

/**
 * PUT /quest-progress/{questId}/position: keeps the explorer's latest live-tracking position on a quest in
 * progress, only when they share it with moderators, and at most one per account every 30 seconds. The
 * account's row lock serialises its writes and its opt-out, so the limit holds across API instances and no
 * position is kept after sharing was turned off (docs/product-rules/maps-and-location.md#live-position-sharing).
 */
export async function recordLivePosition(
  deps: ProgressDeps,
  player: Pick<UserRow, 'id' | 'settings'>,
  questId: string,
  position: { lat: number; lng: number; accuracy?: number | undefined },
  at = new Date(),
): Promise<string> {
  // The cached account answers most refusals without a write; the locked read below decides.
  if (!withDefaultSettings(player.settings).privacy.shareLivePosition) throw forbidden(SHARING_OFF);
  const row = { lat: position.lat, lng: position.lng, accuracy: position.accuracy ?? null, recordedAt: at };
  return deps.db.transaction(async (tx) => {
    if (!(await lockSharing(tx, player.id))) throw forbidden(SHARING_OFF);
    const newest = await newestPositionAt(tx, player.id);
    const waitMs = newest ? newest.getTime() + LIVE_POSITION_INTERVAL_MS - at.getTime() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw tooManyRequests(tooSoon(seconds), seconds);
    }
    const progress = await repo.findProgress(tx, player.id, questId);
    if (progress?.status !== 'ongoing') throw notFound(PROGRESS_NOT_FOUND);
    await upsertLivePosition(tx, { progressId: progress.id, ...row });
    // Between the scheduled purges, positions past 30 days also go as new ones arrive.
    await deletePositionsBefore(tx, new Date(at.getTime() - LIVE_POSITION_KEPT_MS));
    return progress.id;
  });
}

/**
 * The record's shared position from the 10 minutes before `at`, if any, and only while its explorer still
 * shares it: a position left from before an opt-out says nothing to moderators.
 */
export async function recentLivePosition(db: Db, progressId: string, at: Date): Promise<LivePosition | null> {
  const from = new Date(at.getTime() - LIVE_POSITION_RECENT_MS);
  return (await sharedPositionBetween(db, progressId, from, at)) ?? null;
}

/**
 * Deletes every position past 30 days, by the database's clock, so every instance agrees on what is old. One
 * idempotent statement: instances running it at once delete each row once and find nothing left after.
 */
export async function purgeExpiredLivePositions(db: Db): Promise<number> {
  return deletePositionsBefore(db, databaseNowMinus(LIVE_POSITION_KEPT_MS));
}

export type LivePositionPurge = { purgeDue(): Promise<number>; close(): Promise<void> };

/**
 * Runs purgeExpiredLivePositions every `everyMs` in this process, as the mail outbox polls (0 = never), so
 * positions go after 30 days even when nobody shares a new one
 * (docs/product-rules/maps-and-location.md#live-position-sharing).
 */
export function createLivePositionPurge(deps: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  everyMs: number;
}): LivePositionPurge {
  let running: Promise<number> | null = null;
  const purgeDue = () => {
    running ??= purgeExpiredLivePositions(deps.db).finally(() => {
      running = null;
    });
    return running;
  };
  const timer =
    deps.everyMs > 0
      ? setInterval(() => {
          purgeDue().catch((error: unknown) =>
            deps.log.warn({ err: error }, 'the live-position purge failed; the next run tries again'),
          );
        }, deps.everyMs)
      : null;
  timer?.unref();
  return {
    purgeDue,
    async close() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
