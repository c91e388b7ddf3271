import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import type { Page } from '../../lib/pagination.ts';

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
