import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserSettings } from '../../db/columns.ts';
import { users } from './tables/users.tables.ts';
import type { UserRow } from './user-repository.ts';

export type SettingsGroup = keyof UserSettings;

/**
 * Merges one group in SQL, so two tabs saving different groups at the same moment cannot undo each other. The
 * row stays locked until the caller's transaction ends (a privacy change deletes shared positions inside it).
 */
export async function mergeSettingsGroup(
  db: Db,
  userId: string,
  group: SettingsGroup,
  patch: Record<string, unknown>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      settings: sql`jsonb_set(${users.settings}, array[${group}::text], coalesce(${users.settings} -> ${group}::text, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function updateUser(
  db: Db,
  userId: string,
  values: Partial<Pick<UserRow, 'fullName' | 'bio' | 'avatarUrl' | 'coverImageUrl'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Deletes the account's row; foreign keys remove or detach everything that referred to it. */
export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export type PictureColumn = 'avatarUrl' | 'coverImageUrl';

/** Sets a picture and answers the one it replaced, read under the row lock so no file is orphaned. */
export async function swapPicture(
  db: Db,
  userId: string,
  column: PictureColumn,
  url: string | null,
): Promise<{ user: UserRow; previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ previous: users[column] })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) return undefined;
    const user = await updateUser(tx, userId, { [column]: url });
    return user ? { user, previous: current.previous } : undefined;
  });
}
