import { REPORT_TYPES, type ReportType } from '@cityquest/openapi';
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
  // Prefetched, not ensured: a failure shows in the page, under the type filter, with Try Again.
  loader: ({ context: { queryClient }, deps }) => queryClient.prefetchQuery(insightsQueries.reports(deps)),
  component: ReportsPage,
});
