import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from './tables/notifications.tables.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/**
 * Leases up to `batch` due mails for `leaseMs` (counting a try of each) with SKIP LOCKED, so several senders
 * share the work and none takes a row another holds.
 */
export function leaseDueMail(db: Db, batch: number, leaseMs: number): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        // The database's clock, which stamped the row: the process's clock has only milliseconds, so a row
        // queued within the same millisecond would look due a few microseconds from now and wait a poll.
        lte(mailOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(Date.now() + leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Records a mail sent, given up (`failedAt`) or due again later (`nextAttemptAt`). */
export async function settleMail(
  db: Db,
  id: string,
  outcome: Partial<Pick<OutboxMail, 'sentAt' | 'failedAt' | 'nextAttemptAt'>>,
): Promise<void> {
  await db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
}
