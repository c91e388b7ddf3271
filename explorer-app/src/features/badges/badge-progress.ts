import type { Schema } from '@cityquest/contract';
import { TIER_THRESHOLDS } from '@cityquest/contract/rules';
import { CATEGORIES, type Category } from '../../lib/quests/quest-api.ts';

type Badge = Schema<'Badge'>;
type EarnedBadge = Schema<'EarnedBadge'>;
type CategoryXP = Schema<'CategoryXP'>;

// openapi.yaml, Badge: numbers 1 to 30 (6 categories x 5 tiers) are the category badges the server awards from
// category xp; later numbers are badges admins created, awarded by hand only, so xp never brings them closer.
const CATEGORY_BADGE_COUNT = CATEGORIES.length * Object.keys(TIER_THRESHOLDS).length;

export const isCategoryBadge = (badge: Badge) => badge.badgeId <= CATEGORY_BADGE_COUNT;

/** The catalogue grouped by category, in the server's order (category, then xp required). */
export function groupByCategory(catalogue: readonly Badge[]): { category: Category; badges: Badge[] }[] {
  const groups = new Map<Category, Badge[]>();
  for (const badge of catalogue) {
    const group = groups.get(badge.category);
    if (group) group.push(badge);
    else groups.set(badge.category, [badge]);
  }
  return [...groups].map(([category, badges]) => ({ category, badges }));
}

/** Category xp toward a badge's threshold, in whole percent (floored, so 100 means reached). */
export function progressPercent(xp: number, required: number): number {
  if (required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((xp / required) * 100)));
}

export type BadgeInProgress = { badge: Badge; xp: number; percent: number };
export type BadgeCollection = { earned: EarnedBadge[]; inProgress: BadgeInProgress[]; toDiscover: Badge[] };

/**
 * Earned badges as the server lists them; in progress, the next category badge of each category the explorer
 * has xp in (the lowest threshold not yet earned), closest first; everything else is still to discover.
 */
export function splitCollection(
  catalogue: readonly Badge[],
  earned: EarnedBadge[],
  categoryXP: CategoryXP,
): BadgeCollection {
  const earnedIds = new Set(earned.map((record) => record.badge_id._id));
  const unearned = catalogue.filter((badge) => !earnedIds.has(badge._id));
  const next = new Map<Category, Badge>();
  for (const badge of unearned) {
    if (!isCategoryBadge(badge) || categoryXP[badge.category] <= 0) continue;
    const current = next.get(badge.category);
    if (!current || badge.xpRequired < current.xpRequired) next.set(badge.category, badge);
  }
  const inProgress = [...next.values()]
    .map((badge) => {
      const xp = categoryXP[badge.category];
      return { badge, xp, percent: progressPercent(xp, badge.xpRequired) };
    })
    .sort((a, b) => b.percent - a.percent);
  const inProgressIds = new Set(inProgress.map((item) => item.badge._id));
  return { earned, inProgress, toDiscover: unearned.filter((badge) => !inProgressIds.has(badge._id)) };
}
