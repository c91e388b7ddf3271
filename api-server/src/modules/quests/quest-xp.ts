import type { Difficulty } from '../../db/schema.ts';

/**
 * Quest xp (README "Levels and ranks"): the quest row keeps a base of 1 to 100 (admins set it; at creation
 * the creator's suggestion is clamped, 0 or none giving 10), and an explorer earns base x difficulty factor.
 */
export const DIFFICULTY_FACTOR: Record<Difficulty, number> = { Easy: 1, Medium: 1.5, Hard: 2 };
export const BASE_XP_MIN = 1;
export const BASE_XP_MAX = 100;
export const BASE_XP_FALLBACK = 10;

export function baseXpFromSuggestion(suggested: number | null | undefined): number {
  if (!suggested || !Number.isFinite(suggested) || suggested <= 0) return BASE_XP_FALLBACK;
  return Math.min(BASE_XP_MAX, Math.max(BASE_XP_MIN, Math.round(suggested)));
}

/** What completing the quest earns: the `xp` every quest answer carries. */
export function awardedXp(baseXp: number, difficulty: Difficulty): number {
  return Math.round(baseXp * DIFFICULTY_FACTOR[difficulty]);
}
