import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

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

export type NewNotification = { type: NotificationType; title: string; message: string; link?: string };

/** The one way a module tells a user something; runs inside the caller's transaction when given one. */
export async function notify(db: Db, userId: string, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values({ userId, ...notification, link: notification.link ?? null });
}
