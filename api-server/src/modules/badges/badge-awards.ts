import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badges, type CategoryXP, userBadges } from '../../db/schema.ts';
import { generateBadgeImage } from '../../lib/generated-images.ts';
import type { Storage } from '../../plugins/storage.ts';
import { notify } from '../notifications/index.ts';
import { BADGE_CATALOGUE, CATEGORIES } from './catalogue.ts';

/** Puts the catalogue in the database (with generated images) where it is missing; safe to run at every start. */
export async function ensureBadgeCatalogue(db: Db, storage: Storage): Promise<void> {
  const present = new Set(
    (await db.select({ number: badges.badgeNumber }).from(badges)).map((row) => row.number),
  );
  for (const badge of BADGE_CATALOGUE) {
    if (present.has(badge.badgeNumber)) continue;
    const imageUrl = await storage.save(
      'badges',
      await generateBadgeImage(badge.category, badge.tier),
      'webp',
    );
    await db
      .insert(badges)
      .values({ ...badge, imageUrl })
      .onConflictDoNothing();
  }
}

/**
 * Awards every badge whose category threshold the user's category xp has reached and that they do not hold,
 * and notifies them of each. Answers the names of the new badges.
 */
export async function awardEarnedBadges(db: Db, userId: string, categoryXP: CategoryXP): Promise<string[]> {
  const reached = or(
    ...CATEGORIES.map((category) =>
      and(eq(badges.category, category), lte(badges.xpRequired, categoryXP[category] ?? 0)),
    ),
  );
  const due = await db
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .leftJoin(userBadges, and(eq(userBadges.badgeId, badges.id), eq(userBadges.userId, userId)))
    .where(and(reached, isNull(userBadges.badgeId), sql`${badges.badgeNumber} <= 30`));
  if (!due.length) return [];
  const inserted = await db
    .insert(userBadges)
    .values(due.map((badge) => ({ userId, badgeId: badge.id })))
    .onConflictDoNothing()
    .returning({ badgeId: userBadges.badgeId });
  const newIds = new Set(inserted.map((row) => row.badgeId));
  const earned = due.filter((badge) => newIds.has(badge.id));
  for (const badge of earned) {
    await notify(db, userId, {
      type: 'badge_earned',
      title: 'New badge earned!',
      message: `You earned the ${badge.name} badge.`,
      link: '/badge-collection',
    });
  }
  return earned.map((badge) => badge.name);
}

export async function findBadgesByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(badges).where(inArray(badges.id, ids));
}
