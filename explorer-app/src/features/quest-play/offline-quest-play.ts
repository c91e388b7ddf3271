import { ApiError } from '@cityquest/web-client';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { auth } from '../../lib/auth-api.ts';
import { forgetSavedQuestPlay, readSavedQuestPlay, saveQuestPlay } from '../../lib/offline/offline-db.ts';
import { queuedProofQueries } from '../../lib/offline/proof-queue-api.ts';
import { type Quest, questQueries } from '../../lib/quests/quest-api.ts';
import {
  type Directions,
  mappedStops,
  type ProgressRecord,
  questPlayQueries,
  routeStops,
} from './quest-play-api.ts';

/**
 * A quest in progress without a connection (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection):
 * its page keeps what it shows on the device, and the play screens read that copy back when the server cannot
 * be reached. The route loaders import this module lazily, so none of it is in the entry bundle.
 */

const signedInUserId = () => auth.currentUser()?._id;

/**
 * Puts the copy kept for the signed-in explorer in the cache where the cache has nothing, dated when the
 * server gave it and marked stale: the screens fetch afresh as soon as they can. False when nothing is kept.
 */
export async function restoreQuestPlay(queryClient: QueryClient, questId: string): Promise<boolean> {
  const saved = await readSavedQuestPlay(questId);
  if (!saved || saved.userId !== signedInUserId()) return false;
  const fill = <T>(queryKey: readonly unknown[], data: T) => {
    if (queryClient.getQueryData(queryKey) !== undefined) return;
    queryClient.setQueryData(queryKey, data, { updatedAt: saved.savedAt });
    // However recent, the copy is asked for again when the screen opens: a failure there says "Offline".
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  };
  fill(questQueries.detail(questId).queryKey, saved.quest);
  fill(questPlayQueries.progress(questId).queryKey, saved.progress);
  if (saved.directions)
    fill(questPlayQueries.directions(mappedStops(routeStops(saved.quest))).queryKey, saved.directions);
  return true;
}

/**
 * After the quest or the progress failed to load: a quest no longer in progress (404) is forgotten; when the
 * server was not reached, the kept copy fills the cache. True when the screen can render from it.
 */
export async function recoverQuestPlay(
  queryClient: QueryClient,
  questId: string,
  error: unknown,
): Promise<boolean> {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) {
    await forgetSavedQuestPlay(questId);
    return false;
  }
  return error.status === 0 && restoreQuestPlay(queryClient, questId);
}

/** The proofs of the quest still on this device, read before the screen renders. */
export const loadQueuedProofs = (queryClient: QueryClient, questId: string) =>
  queryClient.ensureQueryData(queuedProofQueries.forQuest(questId));

/**
 * Keeps the quest, the explorer's progress and the walking directions on the device while the quest is in
 * progress, updated with each change; forgets them once it is completed or abandoned. `savedAt` is when the
 * server gave that progress, so a copy read back and shown again keeps its date.
 */
export function useKeepQuestPlay(
  play: { quest: Quest; progress: ProgressRecord; directions: Directions | null },
  savedAt: number,
) {
  const { quest, progress, directions } = play;
  useEffect(() => {
    const userId = signedInUserId();
    if (progress.status !== 'ongoing') {
      void forgetSavedQuestPlay(quest._id);
      return;
    }
    if (!userId) return;
    void saveQuestPlay({
      questId: quest._id,
      userId,
      quest,
      progress,
      ...(directions ? { directions } : {}),
      savedAt,
    });
  }, [quest, progress, directions, savedAt]);
}
