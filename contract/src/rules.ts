import type { components } from './schema.gen.ts';

/**
 * The product's progression rules, shared by the server (which applies them) and the SPAs (which explain
 * them): the level rule, the rank table and the badge tiers (docs/product-rules/progress-and-xp.md#levels).
 */
export const XP_PER_LEVEL = 500;

export const RANKS: readonly { minLevel: number; name: string }[] = [
  { minLevel: 1, name: 'Novice Explorer' },
  { minLevel: 3, name: 'Urban Wanderer' },
  { minLevel: 6, name: 'Seasoned Pathfinder' },
  { minLevel: 10, name: 'Expert Adventurer' },
  { minLevel: 15, name: 'Master Explorer' },
  { minLevel: 20, name: 'Legendary Voyager' },
];

export type LevelInfo = { level: number; currentXP: number; nextLevelXP: number; rank: string };

/** level = floor(xp / 500) + 1; currentXP is the xp into that level. */
export function levelFor(totalXP: number): LevelInfo {
  const xp = Math.max(0, Math.floor(totalXP));
  const level = Math.floor(xp / XP_PER_LEVEL) + 1;
  const rank = RANKS.reduce(
    (current, candidate) => (level >= candidate.minLevel ? candidate.name : current),
    'Novice Explorer',
  );
  return { level, currentXP: xp - (level - 1) * XP_PER_LEVEL, nextLevelXP: XP_PER_LEVEL, rank };
}

export type BadgeTier = components['schemas']['BadgeTier'];

/** Category xp needed for each badge tier. */
export const TIER_THRESHOLDS: Record<BadgeTier, number> = {
  Common: 100,
  Uncommon: 400,
  Rare: 1000,
  Epic: 2000,
  Legendary: 4000,
};

/**
 * A quest's base xp: admins set 1 to 100 (any other value is stored as 10), a creator's suggestion is clamped
 * to that range (0 or none giving 10), and completing the quest earns base x the difficulty's factor, rounded
 * (docs/product-rules/progress-and-xp.md#quest-xp).
 */
export const QUEST_BASE_XP = { min: 1, max: 100, fallback: 10 } as const;
export const DIFFICULTY_FACTOR: Record<components['schemas']['Difficulty'], number> = {
  Easy: 1,
  Medium: 1.5,
  Hard: 2,
};

/** The id of the JSON block in which the server embeds an SPA's runtime config in its index.html. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
