import type { Db } from '../../db/client.ts';
import type { CategoryXP } from '../../db/columns.ts';
import { generateBadgeImage } from '../../lib/generated-images.ts';
import type { Storage } from '../../plugins/storage.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './badges-repository.ts';
import { BADGE_CATALOGUE } from './catalogue.ts';

/** Puts the catalogue in the database (with generated images) where it is missing; safe to run at every start. */
export async function ensureBadgeCatalogue(db: Db, storage: Storage): Promise<void> {
  const present = new Set(await repo.badgeNumbers(db));
  for (const badge of BADGE_CATALOGUE) {
    if (present.has(badge.badgeNumber)) continue;
    const imageUrl = await storage.save(
      'badges',
      await generateBadgeImage(badge.category, badge.tier),
      'webp',
    );
    await repo.insertCatalogueBadge(db, { ...badge, imageUrl });
  }
}

/**
 * Awards every badge whose category threshold the user's category xp has reached and that they do not hold,
 * and notifies them of each. Answers the names of the new badges.
 */
export async function awardEarnedBadges(db: Db, userId: string, categoryXP: CategoryXP): Promise<string[]> {
  const due = await repo.dueCatalogueBadges(db, userId, categoryXP);
  if (!due.length) return [];
  const inserted = await repo.insertEarnedBadges(
    db,
    userId,
    due.map((badge) => badge.id),
  );
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
