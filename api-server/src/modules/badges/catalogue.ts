import { CATEGORY_BADGE_NAMES } from '@cityquest/contract';
import { TIER_THRESHOLDS } from '@cityquest/contract/rules';
import { badgeTierValues, categoryValues } from '@cityquest/contract/schema';
import type { Category } from '../../db/columns.ts';
import type { BadgeTier } from './tables/badges.tables.ts';

export { TIER_THRESHOLDS };

/**
 * The contract's Category and BadgeTier values, in its order. The catalogue numbers badges in this order, so
 * reordering either enum in openapi.yaml renumbers the badges.
 */
export const CATEGORIES: readonly Category[] = categoryValues;
export const TIERS: readonly BadgeTier[] = badgeTierValues;

const CATEGORY_LABEL: Record<Category, string> = {
  Art: 'Art',
  Food: 'Food',
  History: 'History',
  Culture: 'Culture',
  Adventure: 'Adventure',
  HiddenGems: 'Hidden Gems',
};

export type CatalogueBadge = {
  badgeNumber: number;
  name: string;
  description: string;
  category: Category;
  tier: BadgeTier;
  xpRequired: number;
};

/** The 30 category badges: 6 categories x 5 tiers, numbered 1 to 30. */
export const BADGE_CATALOGUE: readonly CatalogueBadge[] = CATEGORIES.flatMap((category, categoryIndex) =>
  TIERS.map((tier, tierIndex) => ({
    badgeNumber: categoryIndex * TIERS.length + tierIndex + 1,
    name: CATEGORY_BADGE_NAMES[category][tierIndex] ?? `${category} ${tier}`,
    description: `Earn ${TIER_THRESHOLDS[tier]} xp from ${CATEGORY_LABEL[category]} quests.`,
    category,
    tier,
    xpRequired: TIER_THRESHOLDS[tier],
  })),
);
