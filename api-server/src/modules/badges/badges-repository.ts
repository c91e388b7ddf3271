import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CategoryXP } from '../../db/columns.ts';
import type { BadgeRow } from './badge-dto.ts';
import { CATEGORIES } from './catalogue.ts';
import { badges, userBadges } from './tables/badges.tables.ts';

/** The catalogue in the gallery's order: category (as the catalogue lists them), then xp required. */
export function listBadges(db: Db): Promise<BadgeRow[]> {
  const categoryOrder = sql`array_position(array[${sql.join(
    CATEGORIES.map((category) => sql`${category}`),
    sql`, `,
  )}]::text[], ${badges.category})`;
  return db.select().from(badges).orderBy(categoryOrder, asc(badges.xpRequired), asc(badges.badgeNumber));
}

export async function listEarnedBadges(db: Db, userId: string) {
  return db
    .select({ badge: badges, earnedAt: userBadges.earnedAt, reason: userBadges.reason })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId))
    .orderBy(desc(userBadges.earnedAt), asc(badges.badgeNumber));
}

type NewBadge = typeof badges.$inferInsert;

export async function badgeNumbers(db: Db): Promise<number[]> {
  return (await db.select({ number: badges.badgeNumber }).from(badges)).map((row) => row.number);
}

export async function insertCatalogueBadge(db: Db, values: NewBadge): Promise<void> {
  await db.insert(badges).values(values).onConflictDoNothing();
}

/** The catalogue badges (numbers 1 to 30) whose category threshold `categoryXP` reaches and the user lacks. */
export function dueCatalogueBadges(db: Db, userId: string, categoryXP: CategoryXP) {
  const reached = or(
    ...CATEGORIES.map((category) =>
      and(eq(badges.category, category), lte(badges.xpRequired, categoryXP[category] ?? 0)),
    ),
  );
  return db
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .leftJoin(userBadges, and(eq(userBadges.badgeId, badges.id), eq(userBadges.userId, userId)))
    .where(and(reached, isNull(userBadges.badgeId), sql`${badges.badgeNumber} <= 30`));
}

/** Gives the user these badges; answers the ones they did not hold already. */
export function insertEarnedBadges(db: Db, userId: string, badgeIds: string[]) {
  return db
    .insert(userBadges)
    .values(badgeIds.map((badgeId) => ({ userId, badgeId })))
    .onConflictDoNothing()
    .returning({ badgeId: userBadges.badgeId });
}

export async function findBadgeByNumber(db: Db, badgeNumber: number): Promise<BadgeRow | undefined> {
  const [row] = await db.select().from(badges).where(eq(badges.badgeNumber, badgeNumber));
  return row;
}

/** An admin's award; undefined when the user holds the badge already. */
export async function insertAwardedBadge(db: Db, values: typeof userBadges.$inferInsert) {
  const [row] = await db.insert(userBadges).values(values).onConflictDoNothing().returning();
  return row;
}

/** Held until the caller's transaction ends, so two creations never take the same number. */
export async function lockBadgeNumbers(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('cityquest:badge-numbers'))`);
}

export async function badgeNameTaken(db: Db, name: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: badges.id })
    .from(badges)
    .where(sql`lower(${badges.name}) = ${name.toLowerCase()}`);
  return Boolean(taken);
}

export async function nextBadgeNumber(db: Db): Promise<number> {
  const [next] = await db
    .select({ value: sql<number>`coalesce(max(${badges.badgeNumber}), 0) + 1`.mapWith(Number) })
    .from(badges);
  return next?.value ?? 1;
}

export async function insertBadge(db: Db, values: NewBadge): Promise<BadgeRow | undefined> {
  const [row] = await db.insert(badges).values(values).returning();
  return row;
}

/** How many badges the account has earned. */
export async function earnedBadgeCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(userBadges).where(eq(userBadges.userId, userId));
  return row?.value ?? 0;
}
