import { trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Analytics, insightsApi, type Timeframe } from './insights-api.ts';

type State = { analytics: Analytics | null; loading: boolean; error: string | null };

/** The analytics of one timeframe; a slower answer for an older timeframe never replaces a newer one. */
export function useAnalytics(timeframe: Timeframe) {
  const [state, setState] = useState<State>({ analytics: null, loading: true, error: null });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const analytics = await trackAsync(set, 'Failed to fetch analytics', () =>
        insightsApi.analytics(timeframe),
      );
      set({ analytics });
    } catch {
      // trackAsync stored the message
    }
  }, [timeframe]);
  useEffect(() => {
    void load();
  }, [load]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, dismissError };
}
