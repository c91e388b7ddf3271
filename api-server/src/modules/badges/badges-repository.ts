import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badges, userBadges } from '../../db/schema.ts';
import type { BadgeRow } from './badge-dto.ts';
import { CATEGORIES } from './catalogue.ts';

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
