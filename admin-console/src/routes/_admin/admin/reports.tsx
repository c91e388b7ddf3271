import { REPORT_TYPES, type ReportType } from '@cityquest/contract';
import { oneOf, pageParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { insightsQueries } from '../../../features/insights/insights-api.ts';
import { ReportsPage } from '../../../features/insights/reports-page.tsx';

/** The list's state in the address; defaults (page 1, every type) are left out. */
export type ReportsSearch = { page?: number; type?: ReportType };

export const Route = createFileRoute('/_admin/admin/reports')({
  validateSearch: (search: Record<string, unknown>): ReportsSearch => ({
    page: pageParam(search.page),
    type: oneOf(REPORT_TYPES, search.type),
  }),
  loaderDeps: ({ search: { page = 1, type } }) => ({ page, type }),
  // Started, not awaited: the screen keeps its filter and the page it shows while another page loads, and
  // shows a failure under the type filter; hovering a link to the screen starts the list all the same.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(insightsQueries.reports(deps));
  },
  component: ReportsPage,
});
