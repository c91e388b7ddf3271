import type { Schema } from '@cityquest/contract';
import { ApiError, apiKey, unwrap } from '@cityquest/web-client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/**
 * What every change to a quest by a moderator refreshes, from the moderation screen or the dashboard
 * (docs/product-rules/admin-screens.md#quest-moderation-screen): the moderation lists, the dashboard's pending
 * approvals and the action log that records it, plus `also`.
 */
export function refreshAfterModeration(queryClient: QueryClient, also: readonly (readonly unknown[])[] = []) {
  const keys = [
    apiKey('/admin/quests'),
    apiKey('/admin/quests/pending'),
    apiKey('/admin/action-logs'),
    ...also,
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// A decision also moves the quest between the status counters.
const refreshAfterDecision = (queryClient: QueryClient) =>
  refreshAfterModeration(queryClient, [apiKey('/admin/dashboard')]);

/** What an approval tells the creator, the contract's default (docs/product-rules/moderation.md#quest-review). */
const APPROVAL_FEEDBACK = 'Quest approved by admin';

/** The quest as the screen showed it to the moderator: the approval names that version. */
export type ShownQuest = Pick<Schema<'Quest'>, '_id' | 'updatedAt'>;

/**
 * Approves the version of the quest the moderator read, its `updatedAt` as shown: an edit made since answers 409
 * rather than going live unread (docs/product-rules/moderation.md#quest-review).
 */
export function useApproveQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quest: ShownQuest) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/approve', {
          params: { path: { id: quest._id } },
          body: { feedback: APPROVAL_FEEDBACK, seenUpdatedAt: quest.updatedAt },
        }),
        'Failed to approve quest',
      ),
    onSuccess: () => refreshAfterDecision(queryClient),
  });
}

/**
 * A decision refused because the quest is no longer what the screen shows (edited since it was read, or
 * decided by another moderator): the moderator reloads it before deciding again.
 */
export const outdatedQuest = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Reads the moderation lists and counters again, so the screen shows each quest as it is now. */
export function useReloadQuests() {
  const queryClient = useQueryClient();
  return () => refreshAfterDecision(queryClient);
}

/** Rejects a pending quest with the reason its creator reads (docs/product-rules/moderation.md#quest-review). */
export function useRejectQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/reject', {
          params: { path: { id } },
          body: { reason: reason.trim() },
        }),
        'Failed to reject quest',
      ),
    onSuccess: () => refreshAfterDecision(queryClient),
  });
}
