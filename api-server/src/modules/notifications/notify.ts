import type { Schema } from '@cityquest/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { defaultSettings } from '../../db/schema.ts';
import { LIVE_CHANNEL, signalText } from '../live-events/index.ts';

export type NotificationType =
  | 'friend_request'
  | 'friend_accepted'
  | 'quest_approved'
  | 'quest_rejected'
  | 'proof_approved'
  | 'proof_rejected'
  | 'badge_earned'
  | 'level_up'
  | 'system';

export type NotificationKind = Schema<'NotificationKind'>;

/** The preference each type follows (docs/product-rules/social.md#notification-preferences). */
const KIND_OF_TYPE: Partial<Record<NotificationType, NotificationKind>> = {
  friend_request: 'friendRequests',
  friend_accepted: 'friendRequests',
  quest_approved: 'questModeration',
  quest_rejected: 'questModeration',
  proof_approved: 'proofDecisions',
  proof_rejected: 'proofDecisions',
  badge_earned: 'badgesAndLevels',
  level_up: 'badgesAndLevels',
};

export type NewNotification = {
  type: NotificationType;
  title: string;
  message: string;
  link?: string;
  /** A `system` notice that belongs to a kind says which; other types have theirs. */
  kind?: NotificationKind;
};

/**
 * The one way a module tells a user something; runs inside the caller's transaction when given one. In one
 * statement, the user's preferences decide whether it reaches the bell and whether it is queued for mail (sent
 * after commit by the mail outbox). A notice of no kind always reaches the bell and is never mailed. One that
 * reaches the bell is signalled to the user's open event streams when the transaction commits.
 */
export async function notify(db: Db, userId: string, notification: NewNotification): Promise<void> {
  const { type, title, message } = notification;
  const link = notification.link ?? null;
  const kind = notification.kind ?? KIND_OF_TYPE[type] ?? null;
  const mailByDefault = kind ? defaultSettings.notifications[kind].email : false;
  await db.execute(sql`
    with target as (
      select id, settings -> 'notifications' as prefs from users where id = ${userId}
    ), in_app as (
      insert into notifications (user_id, type, title, message, link)
      select id, ${type}, ${title}, ${message}, ${link} from target
      where ${kind}::text is null or coalesce((prefs -> ${kind}::text ->> 'inApp')::boolean, true)
      returning user_id
    ), mail as (
      insert into mail_outbox (user_id, kind, subject, text, link)
      select id, ${kind}, ${title}, ${message}, ${link} from target
      where ${kind}::text is not null
        and coalesce((prefs ->> 'email')::boolean, true)
        and coalesce((prefs -> ${kind}::text ->> 'email')::boolean, ${mailByDefault})
    )
    select pg_notify(${LIVE_CHANNEL}, ${signalText({ userId }, { type: 'notification' })}) from in_app
  `);
}
