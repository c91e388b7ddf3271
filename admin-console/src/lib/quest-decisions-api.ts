import { apiKey, unwrap } from '@cityquest/openapi';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

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

export function useApproveQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/approve', {
          params: { path: { id } },
          body: { feedback: APPROVAL_FEEDBACK },
        }),
        'Failed to approve quest',
      ),
    onSuccess: () => refreshAfterDecision(queryClient),
  });
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
