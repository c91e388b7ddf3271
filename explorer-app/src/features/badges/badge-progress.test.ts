import { badgeNamed, CATALOGUE, earnedBadge } from '@cityquest/contract/testing/badges';
import { describe, expect, it } from 'vitest';
import { groupByCategory, progressPercent, splitCollection } from './badge-progress.ts';

const noXP = { Art: 0, Food: 0, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 };

describe('badge progress', () => {
  it('is category xp toward the threshold in whole percent, never past 100', () => {
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(399, 400)).toBe(99);
    expect(progressPercent(250, 400)).toBe(62);
    expect(progressPercent(5000, 4000)).toBe(100);
  });

  it('groups the catalogue by category in the order the server sends', () => {
    const groups = groupByCategory(CATALOGUE);
    expect(groups.map((group) => group.category)).toEqual([
      'Art',
      'Food',
      'History',
      'Culture',
      'Adventure',
      'HiddenGems',
    ]);
    expect(groups.every((group) => group.badges.length === 5)).toBe(true);
  });

  it('puts the lowest unearned badge of a category in progress, even when a higher one was awarded by hand', () => {
    const split = splitCollection(
      CATALOGUE,
      [earnedBadge('Art Connoisseur', '2026-11-01T10:00:00.000Z', 'Festival volunteer')],
      { ...noXP, Art: 150 },
    );
    expect(split.inProgress).toEqual([{ badge: badgeNamed('Sketch Seeker'), xp: 150, percent: 100 }]);
    expect(split.toDiscover).toHaveLength(28);
    expect(split.toDiscover).not.toContainEqual(badgeNamed('Art Connoisseur'));
  });
});
