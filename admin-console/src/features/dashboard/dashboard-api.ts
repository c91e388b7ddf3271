import { apiKey, type Schema, unwrap } from '@cityquest/openapi';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type AdminDashboard = Schema<'AdminDashboard'>;
export type PendingQuest = Schema<'Quest'>;
export type ActionLog = Schema<'ActionLog'>;

// The dashboard's rules (docs/product-rules/admin-screens.md#admin-dashboard): the pending list is page 1
// with 5 quests, refreshed every 30 s; recent activity is the latest 5 log entries; monthly growth reads 15.2
// when the server leaves it out; the quick reject gives 'Does not meet guidelines' as its reason.
const PENDING_QUERY = { page: 1, limit: 5 };
const PENDING_REFRESH_MS = 30_000;
const RECENT_ACTIVITY_QUERY = { page: 1, limit: 5 };
export const DEFAULT_MONTHLY_GROWTH = 15.2;
const QUICK_REJECT_REASON = 'Does not meet guidelines';
const APPROVAL_FEEDBACK = 'Quest approved by admin';

export const dashboardQueries = {
  counters: () =>
    queryOptions({
      queryKey: apiKey('/admin/dashboard'),
      queryFn: () => unwrap(api().GET('/admin/dashboard'), 'Failed to fetch admin dashboard'),
    }),
  pending: () =>
    queryOptions({
      queryKey: apiKey('/admin/quests/pending', { query: PENDING_QUERY }),
      queryFn: () =>
        unwrap(
          api().GET('/admin/quests/pending', { params: { query: PENDING_QUERY } }),
          'Failed to fetch pending quests',
        ),
      refetchInterval: PENDING_REFRESH_MS,
    }),
  recentActivity: () =>
    queryOptions({
      queryKey: apiKey('/admin/action-logs', { query: RECENT_ACTIVITY_QUERY }),
      queryFn: () =>
        unwrap(
          api().GET('/admin/action-logs', { params: { query: RECENT_ACTIVITY_QUERY } }),
          'Failed to fetch admin action logs',
        ),
    }),
};

/** A decision moves the quest out of the pending lists, changes the counters and adds a log entry. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        apiKey('/admin/dashboard'),
        apiKey('/admin/quests/pending'),
        apiKey('/admin/quests'),
        apiKey('/admin/action-logs'),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useApproveQuest() {
  const onSuccess = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/approve', {
          params: { path: { id } },
          body: { feedback: APPROVAL_FEEDBACK },
        }),
        'Failed to approve quest',
      ),
    onSuccess,
  });
}

export function useQuickRejectQuest() {
  const onSuccess = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/reject', {
          params: { path: { id } },
          body: { reason: QUICK_REJECT_REASON },
        }),
        'Failed to reject quest',
      ),
    onSuccess,
  });
}
