import type { Schema } from '@cityquest/contract';
import { and, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CappedTotal, countCapOf, countUpTo, type Page } from '../../lib/pagination.ts';
import { type Role, users } from './tables/users.tables.ts';
import type { UserRow } from './user-repository.ts';

/** The contract's status filter; 'all' is no filter. */
export type UserStatusFilter = Exclude<Schema<'UserStatusFilter'>, 'all'>;
export type UserListFilter = { search?: string; role?: Role; status?: UserStatusFilter };

/** "Inactive" = not suspended and no signed-in activity (or, never active, no sign-up) in the last 30 days. */
export const INACTIVE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(filter: UserListFilter, now: Date): SQL | undefined {
  const needle = filter.search?.trim().toLowerCase();
  const pattern = needle ? `%${escapeLike(needle)}%` : undefined;
  const statusCondition = {
    active: eq(users.accountVerified, true),
    suspended: eq(users.accountVerified, false),
    inactive: and(
      eq(users.accountVerified, true),
      lt(
        sql`coalesce(${users.lastActiveAt}, ${users.createdAt})`,
        new Date(now.getTime() - INACTIVE_AFTER_MS),
      ),
    ),
  };
  return and(
    // Both arms are served by trigram indexes (the explorer search's expression and the email).
    pattern
      ? or(
          sql`(${users.username} || ' ' || lower(${users.fullName})) like ${pattern}`,
          sql`${users.email} like ${pattern}`,
        )
      : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? statusCondition[filter.status] : undefined,
  );
}

export async function listUsers(
  db: Db,
  filter: UserListFilter,
  page: Page,
  now = new Date(),
): Promise<{ rows: UserRow[]; total: CappedTotal }> {
  const where = whereOf(filter, now);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    // Every account, or a one-letter search's most of them: counted only 1,000 past the page.
    countUpTo(db, users, where, countCapOf(page)),
  ]);
  return { rows, total };
}

export async function lockUserRow(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Serialises every change that could leave no active super admin, so two super admins suspending each other
 * at once cannot both succeed.
 */
export async function lockSuperAdminChanges(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cityquest:super-admins'))`);
}

export async function countActiveSuperAdmins(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.role, 'super_admin'), eq(users.accountVerified, true)));
  return row?.value ?? 0;
}

export async function setAccountFields(
  tx: Db,
  id: string,
  fields: Partial<Pick<UserRow, 'role' | 'accountVerified' | 'suspensionReason'>>,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('user row vanished under its lock');
  return row;
}

export function listAdmins(db: Db) {
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']))
    .orderBy(users.username);
}
