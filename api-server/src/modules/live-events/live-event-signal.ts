import type { Schema } from '@cityquest/contract';
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

/** The moderation queues changed: admins are told how many quests and proofs wait now. */
export const MODERATION = 'moderation';

const moderationSignal = sql`json_build_object('u', null, 'e', json_build_object(
  'type', 'moderation',
  'pendingQuests', (select count(*) from quests where status = 'pending'),
  'pendingProofs', (select count(*) from task_proofs where status = 'submitted')
))::text`;

/**
 * Tells the users concerned that something changed, inside the caller's transaction and in one statement:
 * PostgreSQL delivers the signals when the transaction commits, to every instance, and never for one rolled
 * back (docs/product-rules/offline-play.md#live-updates).
 */
export async function signalLiveEvents(
  db: Db,
  signals: readonly ([Audience, LiveEvent] | typeof MODERATION)[],
): Promise<void> {
  if (!signals.length) return;
  const calls = signals.map((signal) =>
    signal === MODERATION
      ? sql`pg_notify(${LIVE_CHANNEL}, ${moderationSignal})`
      : sql`pg_notify(${LIVE_CHANNEL}, ${signalText(...signal)})`,
  );
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}
