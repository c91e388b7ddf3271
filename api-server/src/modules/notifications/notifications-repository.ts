import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/pagination.ts';
import { LIVE_CHANNEL, signalText } from '../live-events/index.ts';
import { notifications } from './tables/notifications.tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of a user's notifications, newest first, and their unread count over all pages. */
export async function listNotifications(
  db: Db,
  userId: string,
  options: { unreadOnly: boolean },
  page: Page,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(notifications.userId, userId);
  const unreadOfMine = and(mine, eq(notifications.read, false));
  const where = options.unreadOnly ? unreadOfMine : mine;
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(where),
    db.select({ value: count() }).from(notifications).where(unreadOfMine),
  ]);
  return { rows, total: total?.value ?? 0, unread: unread?.value ?? 0 };
}

/** Marks read only the owner's notification; anyone else's is not found. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/**
 * One notice in one statement (notify.ts says when it reaches the bell and the mail): the user's preferences
 * decide, the bell's row is signalled to their open event streams on commit.
 */
export async function insertNotification(
  db: Db,
  userId: string,
  notice: {
    type: string;
    title: string;
    message: string;
    link: string | null;
    kind: string | null;
    mailByDefault: boolean;
  },
): Promise<void> {
  const { type, title, message, link, kind, mailByDefault } = notice;
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
