import { DIFFICULTY_FACTOR, QUEST_BASE_XP } from '@cityquest/contract/rules';
import type { Difficulty } from '../../db/columns.ts';

/**
 * Quest xp (docs/product-rules/progress-and-xp.md#quest-xp): the quest row keeps a base in QUEST_BASE_XP's
 * range (admins set it; at creation the creator's suggestion is clamped, 0 or none giving the fallback), and
 * an explorer earns base x DIFFICULTY_FACTOR. Both are the game rules of @cityquest/contract/rules.
 */
export { DIFFICULTY_FACTOR, QUEST_BASE_XP };

export function baseXpFromSuggestion(suggested: number | null | undefined): number {
  if (!suggested || !Number.isFinite(suggested) || suggested <= 0) return QUEST_BASE_XP.fallback;
  return Math.min(QUEST_BASE_XP.max, Math.max(QUEST_BASE_XP.min, Math.round(suggested)));
}

/** What completing the quest earns: the `xp` every quest answer carries. */
export function awardedXp(baseXp: number, difficulty: Difficulty): number {
  return Math.round(baseXp * DIFFICULTY_FACTOR[difficulty]);
}
