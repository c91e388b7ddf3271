import type { Schema } from '../index.ts';
import { TIER_THRESHOLDS } from '../rules.ts';

type Badge = Schema<'Badge'>;
type EarnedBadge = Schema<'EarnedBadge'>;

const TIERS = Object.keys(TIER_THRESHOLDS) as (keyof typeof TIER_THRESHOLDS)[];
const NAMES: Record<Badge['category'], string[]> = {
  Art: ['Sketch Seeker', 'Mural Hunter', 'Gallery Guide', 'Art Connoisseur', 'Master of the Arts'],
  Food: ['Street Snacker', 'Spice Trailer', 'Flavour Finder', 'Culinary Curator', 'Legend of the Feast'],
  History: [
    'Time Traveller',
    'Heritage Walker',
    'Chronicle Keeper',
    'Monument Scholar',
    'Keeper of the Ages',
  ],
  Culture: [
    'Culture Curious',
    'Festival Friend',
    'Tradition Tracker',
    'Culture Ambassador',
    'Soul of the City',
  ],
  Adventure: ['Trail Starter', 'Path Pioneer', 'Summit Seeker', 'Daredevil Explorer', 'Legendary Adventurer'],
  HiddenGems: ['Alley Scout', 'Secret Spotter', 'Gem Hunter', 'Hidden Treasure Keeper', 'Master of Secrets'],
};
// The server's catalogue order: Art, Food, History, Culture, Adventure, Hidden Gems.
const ORDER: Badge['category'][] = ['Art', 'Food', 'History', 'Culture', 'Adventure', 'HiddenGems'];

const idOf = (badgeId: number) => `8a9b0c1d-2e3f-4a5b-8c6d-${String(badgeId).padStart(12, '0')}`;

/** The 30 category badges as GET /badges answers them (test data for both apps). */
export const CATALOGUE: Badge[] = ORDER.flatMap((category, categoryIndex) =>
  TIERS.map((tier, tierIndex) => {
    const badgeId = categoryIndex * TIERS.length + tierIndex + 1;
    return {
      _id: idOf(badgeId),
      badgeId,
      name: NAMES[category][tierIndex] ?? `${category} ${tier}`,
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
