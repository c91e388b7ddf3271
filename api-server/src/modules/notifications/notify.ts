import type { Schema } from '@cityquest/contract';
import type { Db } from '../../db/client.ts';
import { defaultSettings } from '../../db/columns.ts';
import { insertNotification } from './notifications-repository.ts';

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
  await insertNotification(db, userId, { type, title, message, link, kind, mailByDefault });
}
