import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { insightsApi, type Timeframe } from './insights-api.ts';

/** The analytics of one timeframe; a slower answer for an older timeframe never replaces a newer one. */
export function useAnalytics(timeframe: Timeframe) {
  const { data, setData, ...request } = useLatestRequest(
    () => insightsApi.analytics(timeframe),
    'Failed to fetch analytics',
    [timeframe],
  );
  return { ...request, analytics: data };
}
