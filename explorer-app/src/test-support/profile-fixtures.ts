import type { Schema } from '@cityquest/contract';
import { aUser } from '@cityquest/contract/testing/users';

type MyProfile = Schema<'MyProfile'>;

const NO_XP = { Art: 0, Food: 0, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 };

/** GET /users/my-profile as the server answers it for `user` (test data); `badges` sets badgesEarned too. */
export function aMyProfile(user = aUser(), overrides: Partial<MyProfile> = {}): MyProfile {
  const badges = overrides.badges ?? [];
  const questsCompleted = overrides.questsCompleted ?? 0;
  return {
    ...user,
    displayName: user.fullName || user.username,
    totalXP: user.xp,
    categoryXP: NO_XP,
    profileCompleteness: 60,
    questsCompleted,
    questsOngoing: 0,
    questsCreated: 0,
    currentStreak: 0,
    badgesEarned: badges.length,
    distanceExplored: 0,
    stats: { level: user.level, totalXP: user.xp, rank: user.rank, questsCompleted },
    badges,
    ...overrides,
  };
}
