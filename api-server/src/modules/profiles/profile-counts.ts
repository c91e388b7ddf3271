import type { Db } from '../../db/client.ts';
import { earnedBadgeCount } from '../badges/index.ts';
import { progressCountsOf } from '../progress/index.ts';
import { createdQuestCount } from '../quests/index.ts';

export type QuestCounts = {
  questsCompleted: number;
  questsOngoing: number;
  questsCreated: number;
};
export type ProfileCounts = QuestCounts & { badgesEarned: number };

/**
 * The counted quests of a profile. Others count only the approved quests someone created (the rest are not
 * theirs to see); the owner counts every one.
 */
export async function questCounts(
  db: Db,
  userId: string,
  options: { approvedCreatedOnly: boolean },
): Promise<QuestCounts> {
  const [progress, created] = await Promise.all([
    progressCountsOf(db, userId),
    createdQuestCount(db, userId, { approvedOnly: options.approvedCreatedOnly }),
  ]);
  return { questsCompleted: progress.completed, questsOngoing: progress.ongoing, questsCreated: created };
}

/** The counted stats of a profile: its quests and its badges. */
export async function profileCounts(
  db: Db,
  userId: string,
  options: { approvedCreatedOnly: boolean },
): Promise<ProfileCounts> {
  const [quests, badgesEarned] = await Promise.all([
    questCounts(db, userId, options),
    earnedBadgeCount(db, userId),
  ]);
  return { ...quests, badgesEarned };
}
