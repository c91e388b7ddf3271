import { TIMEFRAMES, type Timeframe } from '@cityquest/contract';
import { oneOf } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../features/insights/analytics-page.tsx';
import { DEFAULT_TIMEFRAME, insightsQueries } from '../../../features/insights/insights-api.ts';

/** The period in the address; the default (30 days) is left out. */
type AnalyticsSearch = { timeframe: Timeframe };
const DEFAULT_SEARCH = { timeframe: DEFAULT_TIMEFRAME } satisfies AnalyticsSearch;

export const Route = createFileRoute('/_admin/admin/analytics')({
  validateSearch: (search: Partial<AnalyticsSearch> & SearchSchemaInput): AnalyticsSearch => ({
    timeframe: oneOf(TIMEFRAMES, search.timeframe) ?? DEFAULT_SEARCH.timeframe,
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SEARCH)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen keeps the period it shows while another loads, and shows a failure under
  // its title and period choice; hovering a link to the screen starts the figures all the same.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(insightsQueries.analytics(deps.timeframe));
  },
  component: AnalyticsPage,
});
