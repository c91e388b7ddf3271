import type { Schema } from '@cityquest/openapi';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The PostgreSQL channel every API instance listens on. */
export const LIVE_CHANNEL = 'cityquest_live_events';

export type LiveEvent = Schema<'LiveEvent'>;

/** Who hears an event: one user, or every admin (the moderation queues). */
export type Audience = { userId: string } | 'moderators';

/** What travels on the channel: the event and its audience (`u` a user id, or null for moderators). */
export type Signal = { u: string | null; e: LiveEvent };

export const signalText = (audience: Audience, event: LiveEvent): string =>
  JSON.stringify({ u: audience === 'moderators' ? null : audience.userId, e: event } satisfies Signal);

/**
 * Tells the users concerned that something changed, inside the caller's transaction and in one statement:
 * PostgreSQL delivers the signals when the transaction commits, to every instance, and never for one rolled
 * back (docs/product-rules/offline-play.md#live-updates).
 */
export async function signalLiveEvents(db: Db, signals: readonly [Audience, LiveEvent][]): Promise<void> {
  if (!signals.length) return;
  const calls = signals.map(
    ([audience, event]) => sql`pg_notify(${LIVE_CHANNEL}, ${signalText(audience, event)})`,
  );
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}
