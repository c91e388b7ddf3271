import { TIER_THRESHOLDS } from '@cityquest/openapi/rules';
import type { Badge, EarnedBadge } from './badges-api.ts';

const TIERS = Object.keys(TIER_THRESHOLDS) as Badge['tier'][];
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

/** The 30 category badges as GET /badges answers them (test data). */
export const CATALOGUE: Badge[] = ORDER.flatMap((category, categoryIndex) =>
  TIERS.map((tier, tierIndex) => {
    const badgeId = categoryIndex * TIERS.length + tierIndex + 1;
    return {
      _id: `8a9b0c1d-2e3f-4a5b-8c6d-${String(badgeId).padStart(12, '0')}`,
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

export const earnedBadge = (name: string, earnedAt: string, reason: string | null = null): EarnedBadge => ({
  badge_id: badgeNamed(name),
  earnedAt,
  reason,
});
