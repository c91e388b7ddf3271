import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { quotaEvents } from '../db/platform.tables.ts';
import type { QuotaName } from '../lib/spec.ts';

/** How long an event is kept: the longest quota window (plugins/quotas.ts), the per-address 24 hours. */
export const QUOTA_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Records one accepted quest, proof, bug report or contact message for the quota `kind`, inside the caller's
 * transaction when it has one, so the event exists exactly when the counted row does. Events past the
 * retention go first: an index range that is empty on almost every call.
 */
export async function recordQuotaEvent(
  db: Db,
  kind: QuotaName,
  subject: string,
  at: Date = new Date(),
): Promise<void> {
  await db
    .delete(quotaEvents)
    .where(lt(quotaEvents.createdAt, new Date(Date.now() - QUOTA_EVENT_RETENTION_MS)));
  await db.insert(quotaEvents).values({ kind, subject, createdAt: at });
}

/** When the subject's events of one kind since `since` were recorded, newest first, at most `limit`. */
export async function quotaEventTimes(
  db: Db,
  kind: QuotaName,
  subject: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ at: quotaEvents.createdAt })
    .from(quotaEvents)
    .where(
      and(eq(quotaEvents.kind, kind), eq(quotaEvents.subject, subject), gt(quotaEvents.createdAt, since)),
    )
    .orderBy(desc(quotaEvents.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}
