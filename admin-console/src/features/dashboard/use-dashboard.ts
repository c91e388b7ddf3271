import { useEffect } from 'react';
import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { dashboardApi, PENDING_REFRESH_MS } from './dashboard-api.ts';

/** One dashboard call, loaded like every list of the console, and again every `refreshMs` when given. */
function useDashboardCall<T>(call: () => Promise<T>, fallback: string, refreshMs?: number) {
  const { setData, ...request } = useLatestRequest(call, fallback, [call]);
  const { reload } = request;
  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => void reload(), refreshMs);
    return () => clearInterval(timer);
  }, [reload, refreshMs]);
  return request;
}

export const useCounters = () => useDashboardCall(dashboardApi.counters, 'Failed to fetch admin dashboard');

/** The pending approvals preview, refreshed every 30 s (admin-and-moderation.md section 9). */
export const usePendingQuests = () =>
  useDashboardCall(dashboardApi.pending, 'Failed to fetch pending quests', PENDING_REFRESH_MS);

export const useRecentActivity = () =>
  useDashboardCall(dashboardApi.recentActivity, 'Failed to fetch admin action logs');
