import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Audience, LIVE_CHANNEL, type LiveEvent, MODERATION, signalText } from './live-event-signal.ts';

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
