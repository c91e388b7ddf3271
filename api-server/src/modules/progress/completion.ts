import type { Db } from '../../db/client.ts';
import { type CategoryXP, emptyCategoryXP } from '../../db/columns.ts';
import { hasCoordinates, type Point, pathLengthMeters } from '../../lib/distance.ts';
import { levelFor } from '../../lib/levels.ts';
import { awardEarnedBadges } from '../badges/index.ts';
import { addCompletionToBoards } from '../leaderboard/index.ts';
import { signalLiveEvents } from '../live-events/index.ts';
import { notify } from '../notifications/index.ts';
import type { QuestRow } from '../quests/index.ts';
import { awardedXp, countCompletion, itineraryEnd, itineraryStart } from '../quests/index.ts';
import { lockUser, updateUser } from '../users/index.ts';
import * as repo from './progress-repository.ts';

export type Completion = {
  xpAwarded: number;
  totalXP: number;
  level: number;
  leveledUp: boolean;
  currentStreak: number;
  distanceMeters: number;
  badges: string[];
};

/** The UTC calendar day of an instant, as the `date` column stores it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return utcDay(date);
}

/** Consecutive active days (UTC): the same day keeps the streak, the next day adds one, a gap restarts at 1. */
export function nextStreak(current: number, lastDay: string | null, today: string): number {
  if (!lastDay) return 1;
  if (lastDay >= today) return Math.max(1, current);
  return lastDay === previousDay(today) ? current + 1 : 1;
}

/** Haversine length along start -> waypoints -> end, using the points that have coordinates. */
export function itineraryLengthMeters(
  quest: Pick<
    QuestRow,
    'startLocation' | 'startLat' | 'startLng' | 'waypoints' | 'endLocation' | 'endLat' | 'endLng'
  >,
): number {
  const points = [itineraryStart(quest).point, ...quest.waypoints, itineraryEnd(quest).point].filter(
    (point): point is Point => point !== null && hasCoordinates(point),
  );
  return pathLengthMeters(points);
}

/**
 * Completes a quest whose every task is approved (docs/product-rules/progress-and-xp.md#completion), inside
 * the caller's transaction: the record, the explorer's xp, category xp, streak and distance, their leaderboard
 * scores, the quest's completions, badges and notifications change together or not at all.
 */
export async function completeQuest(
  tx: Db,
  progress: repo.ProgressRow,
  quest: QuestRow,
  at: Date,
): Promise<Completion> {
  const xpAwarded = awardedXp(quest.xp, quest.difficulty);
  await repo.completeProgress(tx, progress.id, xpAwarded, at);
  const user = await lockUser(tx, progress.userId);
  if (!user) throw new Error(`progress ${progress.id} has no user`);

  const categoryXP: CategoryXP = { ...emptyCategoryXP, ...user.categoryXP };
  categoryXP[quest.category] += xpAwarded;
  const today = utcDay(at);
  const currentStreak = nextStreak(user.currentStreak, user.lastQuestDay, today);
  const distanceMeters = itineraryLengthMeters(quest);
  const totalXP = user.xp + xpAwarded;
  const before = levelFor(user.xp);
  const after = levelFor(totalXP);
  await updateUser(tx, user.id, {
    xp: totalXP,
    categoryXP,
    currentStreak,
    lastQuestDay: user.lastQuestDay && user.lastQuestDay > today ? user.lastQuestDay : today,
    distanceExploredMeters: user.distanceExploredMeters + distanceMeters,
    updatedAt: at,
  });
  await addCompletionToBoards(tx, {
    userId: user.id,
    city: quest.city,
    xp: xpAwarded,
    at,
    listed: user.accountVerified,
  });
  await countCompletion(tx, quest.id);

  await notify(tx, user.id, {
    type: 'system',
    kind: 'proofDecisions',
    title: 'Quest completed!',
    message: `You completed "${quest.title}" and earned ${xpAwarded} XP.`,
    link: `/quest-overview/${quest.id}`,
  });
  await signalLiveEvents(tx, [[{ userId: user.id }, { type: 'profile', xp: totalXP, level: after.level }]]);
  const leveledUp = after.level > before.level;
  if (leveledUp) {
    await notify(tx, user.id, {
      type: 'level_up',
      title: 'Level up!',
      message: `You reached level ${after.level}: ${after.rank}.`,
      link: '/profile',
    });
  }
  const badges = await awardEarnedBadges(tx, user.id, categoryXP);
  return { xpAwarded, totalXP, level: after.level, leveledUp, currentStreak, distanceMeters, badges };
}
