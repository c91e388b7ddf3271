import type { Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions } from '@tanstack/react-query';
import { actionLogQueries } from '../../lib/action-logs-api.ts';
import { api } from '../../lib/api.ts';
import { liveStatus } from '../../lib/live-status.ts';

export type AdminDashboard = Schema<'AdminDashboard'>;
export type PendingQuest = Schema<'Quest'>;

// The dashboard's rules (docs/product-rules/admin-screens.md#admin-dashboard): the pending list is page 1
// with 5 quests, refreshed every 30 s while the live stream is down; recent activity is the latest 5 log entries; monthly growth reads 15.2
// when the server leaves it out; the quick reject gives 'Does not meet guidelines' as its reason.
export const PENDING_QUERY = { page: 1, limit: 5 };
export const PENDING_REFRESH_MS = 30_000;
const RECENT_ACTIVITY_QUERY = { page: 1, limit: 5 };
export const DEFAULT_MONTHLY_GROWTH = 15.2;
export const QUICK_REJECT_REASON = 'Does not meet guidelines';

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
      refetchInterval: liveStatus.pollUnlessLive(PENDING_REFRESH_MS),
    }),
  recentActivity: () => actionLogQueries.list(RECENT_ACTIVITY_QUERY),
};
