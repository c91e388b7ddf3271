import { REPORT_TYPES, type ReportType } from '@cityquest/contract';
import { oneOf, pageParam } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { insightsQueries } from '../../../features/insights/insights-api.ts';
import { ReportsPage } from '../../../features/insights/reports-page.tsx';

/** The list's state in the address; defaults (page 1, every type) are left out. */
type ReportsSearch = { page: number; type?: ReportType };
const DEFAULT_SEARCH = { page: 1 } satisfies Partial<ReportsSearch>;

export const Route = createFileRoute('/_admin/admin/reports')({
  validateSearch: (search: Partial<ReportsSearch> & SearchSchemaInput): ReportsSearch => ({
    page: pageParam(search.page) ?? DEFAULT_SEARCH.page,
    type: oneOf(REPORT_TYPES, search.type),
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SEARCH)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen keeps its filter and the page it shows while another page loads, and
  // shows a failure under the type filter; hovering a link to the screen starts the list all the same.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(insightsQueries.reports(deps));
  },
  component: ReportsPage,
});
