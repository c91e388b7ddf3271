import { DEFAULT_THEME } from '@mantine/core';

export type QuestDifficulty = 'Easy' | 'Medium' | 'Hard';

/**
 * Difficulty colours (docs/product-rules/maps-and-location.md#difficulty-colours): Easy green, Medium amber, Hard
 * red. One table for the quest card's badge (the Mantine palette) and the map's markers (its shade as a colour).
 */
export const DIFFICULTY_COLOURS = {
  Easy: { color: 'green', shade: 8 },
  Medium: { color: 'yellow', shade: 7 },
  Hard: { color: 'red', shade: 8 },
} as const satisfies Record<QuestDifficulty, { color: string; shade: number }>;

/** The CSS colour of a difficulty, for drawings outside Mantine (map markers). */
export function difficultyHex(difficulty: QuestDifficulty): string {
  const { color, shade } = DIFFICULTY_COLOURS[difficulty];
  return DEFAULT_THEME.colors[color][shade];
}
