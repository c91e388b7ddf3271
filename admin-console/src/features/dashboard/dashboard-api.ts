import type { Schema } from '@cityquest/contract';

import { queryOptions } from '@tanstack/react-query';
import { actionLogQueries } from '../../api/action-logs-api.ts';
import { getQuery } from '../../lib/api.ts';
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
  counters: () => getQuery('/admin/dashboard'),
  pending: () =>
    queryOptions({
      ...getQuery('/admin/quests/pending', { query: PENDING_QUERY }),
      refetchInterval: liveStatus.pollUnlessLive(PENDING_REFRESH_MS),
    }),
  recentActivity: () => actionLogQueries.list(RECENT_ACTIVITY_QUERY),
};
