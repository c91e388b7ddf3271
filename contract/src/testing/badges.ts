import { BADGE_TIERS, CATEGORIES, CATEGORY_BADGE_NAMES } from '../contract-facts.ts';
import type { Schema } from '../index.ts';
import { TIER_THRESHOLDS } from '../rules.ts';

type Badge = Schema<'Badge'>;
type EarnedBadge = Schema<'EarnedBadge'>;

const idOf = (badgeId: number) => `8a9b0c1d-2e3f-4a5b-8c6d-${String(badgeId).padStart(12, '0')}`;

/** The 30 category badges as GET /badges answers them, in the server's order (test data for both apps). */
export const CATALOGUE: Badge[] = CATEGORIES.flatMap((category, categoryIndex) =>
  BADGE_TIERS.map((tier, tierIndex) => {
    const badgeId = categoryIndex * BADGE_TIERS.length + tierIndex + 1;
    return {
      _id: idOf(badgeId),
      badgeId,
      name: CATEGORY_BADGE_NAMES[category][tierIndex] ?? `${category} ${tier}`,
      description: `Earn ${TIER_THRESHOLDS[tier]} xp from ${category} quests.`,
      imageUrl: `https://files.cityquest.app/badges/${category.toLowerCase()}-${tier.toLowerCase()}.webp`,
      category,
      tier,
      rarity: tier,
      xpRequired: TIER_THRESHOLDS[tier],
    };
  }),
);

export function badgeNamed(name: string): Badge {
  const badge = CATALOGUE.find((candidate) => candidate.name === name);
  if (!badge) throw new Error(`no badge ${name}`);
  return badge;
}

/** A badge an admin created, numbered after the catalogue. */
export function aCreatedBadge(overrides: Partial<Badge> = {}): Badge {
  return {
    _id: idOf(31),
    badgeId: 31,
    name: 'Night Owl',
    description: 'Finished the midnight heritage walk.',
    imageUrl: 'https://files.cityquest.app/badges/5c1e.webp',
    category: 'History',
    tier: 'Rare',
    rarity: 'Rare',
    xpRequired: 1000,
    ...overrides,
  };
}

/** A badge as the user holds it (GET /badges/earned/{userId}, POST /admin/badge/award). */
export function anEarnedBadge(badge: Badge, reason: string | null = null): EarnedBadge {
  return { badge_id: badge, earnedAt: '2026-11-12T18:00:00.000Z', reason };
}

/** A catalogue badge by name, earned at `earnedAt`. */
export const earnedBadge = (name: string, earnedAt: string, reason: string | null = null): EarnedBadge => ({
  badge_id: badgeNamed(name),
  earnedAt,
  reason,
});
