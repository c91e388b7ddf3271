import { trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { dashboardApi, PENDING_REFRESH_MS } from './dashboard-api.ts';

type State<T> = { data: T | null; loading: boolean; error: string | null };

/** One dashboard call: loading set and error cleared on start, the message kept on failure, newest answer wins. */
function useDashboardCall<T>(call: () => Promise<T>, fallback: string, refreshMs?: number) {
  const [state, setState] = useState<State<T>>({ data: null, loading: true, error: null });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State<T>>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, fallback, call);
      set({ data });
    } catch {
      // trackAsync stored the message
    }
  }, [call, fallback]);
  useEffect(() => {
    void load();
    if (!refreshMs) return;
    const timer = setInterval(() => void load(), refreshMs);
    return () => clearInterval(timer);
  }, [load, refreshMs]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, dismissError };
}

export const useCounters = () => useDashboardCall(dashboardApi.counters, 'Failed to fetch admin dashboard');

/** The pending approvals preview, refreshed every 30 s (admin-and-moderation.md section 9). */
export const usePendingQuests = () =>
  useDashboardCall(dashboardApi.pending, 'Failed to fetch pending quests', PENDING_REFRESH_MS);

export const useRecentActivity = () =>
  useDashboardCall(dashboardApi.recentActivity, 'Failed to fetch admin action logs');
