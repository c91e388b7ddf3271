import { and, asc, eq, getTableColumns, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { type CappedTotal, countCapOf, countUpTo, type Page } from '../../lib/pagination.ts';
import { users } from './tables/users.tables.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.username, username.trim().toLowerCase()))
    .limit(1);
  return row;
}

export type NewUser = typeof users.$inferInsert;
/** The columns other domains change on an account (its id and creation never change). */
export type UserChanges = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** The account's row, locked until the caller's transaction ends. */
export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Sets lastActiveAt to `now` unless it is already later than `unlessAfter` (another request wrote it). */
export async function touchLastActive(db: Db, id: string, now: Date, unlessAfter: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(and(eq(users.id, id), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, unlessAfter))));
}

/** Deletes the accounts never verified that were created before `before`; answers their pictures. */
export function deleteUnverifiedBefore(db: Db, before: Date) {
  return db
    .delete(users)
    .where(and(eq(users.isEmailVerified, false), lt(users.createdAt, before)))
    .returning({ avatarUrl: users.avatarUrl, coverImageUrl: users.coverImageUrl });
}

/**
 * Accounts as other domains join them (an author, a reporter, a sharer), under the alias `name`. A subquery
 * PostgreSQL flattens into the join, so the plan and the statement are those of a join on the table, which stays
 * this domain's own: other domains read accounts through this or the lookups above, never the table.
 */
export function joinableUsers<Name extends string>(name: Name) {
  return new QueryBuilder().select(getTableColumns(users)).from(users).as(name);
}

const ACCOUNT_COLUMNS = Object.keys(getTableColumns(users)) as (keyof UserRow)[];

/** The whole account of a joinableUsers alias, as a select nests it beside other fields (a UserRow). */
export function wholeAccountOf<Name extends string>(joined: ReturnType<typeof joinableUsers<Name>>) {
  return Object.fromEntries(ACCOUNT_COLUMNS.map((column) => [column, joined[column]])) as {
    [Column in keyof UserRow]: (typeof joined)[Column];
  };
}

/** The addresses and names of these accounts, for mail (one statement however many). */
export function mailContactsOf(db: Db, ids: string[]) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The account's settings, read under a lock its settings' updates also take (until the transaction ends). */
export async function lockSettings(db: Db, id: string): Promise<UserRow['settings'] | undefined> {
  const [row] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update');
  return row?.settings;
}

/** Locks these accounts' rows in id order (so two transactions never wait on each other) until the caller's ends. */
export async function lockUsers(db: Db, ids: string[]): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('update');
}

export type AccountSummary = Pick<UserRow, 'id' | 'username' | 'fullName' | 'avatarUrl'>;

/** These accounts' names and pictures, by id (one statement however many). */
export async function accountSummariesOf(db: Db, ids: string[]): Promise<Map<string, AccountSummary>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export type FoundAccount = AccountSummary & Pick<UserRow, 'xp'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Explorers whose username or full name holds `needle` (served by the trigram index on the same expression),
 * leaving out `viewerId` and suspended and unverified accounts, and narrowed by `visible` (given the
 * account's id column). Exact username first, then username prefix, then full-name prefix, then the rest,
 * each by username.
 */
export async function searchExplorers(
  db: Db,
  search: { needle: string; viewerId: string; visible: (accountId: typeof users.id) => SQL },
  page: Page,
): Promise<{ rows: FoundAccount[]; total: CappedTotal }> {
  const needle = search.needle.trim().toLowerCase();
  const haystack = sql`(${users.username} || ' ' || lower(${users.fullName}))`;
  const where = and(
    sql`${haystack} like ${`%${escapeLike(needle)}%`}`,
    ne(users.id, search.viewerId),
    eq(users.accountVerified, true),
    eq(users.isEmailVerified, true),
    search.visible(users.id),
  );
  const prefix = `${escapeLike(needle)}%`;
  const rank = sql`case when ${users.username} = ${needle} then 0 when ${users.username} like ${prefix} then 1 when lower(${users.fullName}) like ${prefix} then 2 else 3 end`;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        xp: users.xp,
      })
      .from(users)
      .where(where)
      .orderBy(rank, asc(users.username))
      .limit(page.limit)
      .offset(page.offset),
    // A one-letter search matches most accounts: counted only 1,000 past the page.
    countUpTo(db, users, where, countCapOf(page)),
  ]);
  return { rows, total };
}
