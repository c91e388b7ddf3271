import { TIMEFRAMES, type Timeframe } from '@cityquest/openapi';
import { oneOf } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../features/insights/analytics-page.tsx';
import { DEFAULT_TIMEFRAME, insightsQueries } from '../../../features/insights/insights-api.ts';

/** The period in the address; the default (30 days) is left out. */
export type AnalyticsSearch = { timeframe?: Timeframe };

export const Route = createFileRoute('/_admin/admin/analytics')({
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch => {
    const timeframe = oneOf(TIMEFRAMES, search.timeframe);
    return { timeframe: timeframe === DEFAULT_TIMEFRAME ? undefined : timeframe };
  },
  loaderDeps: ({ search: { timeframe = DEFAULT_TIMEFRAME } }) => ({ timeframe }),
  // Prefetched, not ensured: a failure shows in the page, under its title and period choice, with Try Again.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.prefetchQuery(insightsQueries.analytics(deps.timeframe)),
  component: AnalyticsPage,
});
