import { TIMEFRAMES, type Timeframe } from '@cityquest/contract';
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
  // Started, not awaited: the screen keeps the period it shows while another loads, and shows a failure under
  // its title and period choice; hovering a link to the screen starts the figures all the same.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(insightsQueries.analytics(deps.timeframe));
  },
  component: AnalyticsPage,
});
