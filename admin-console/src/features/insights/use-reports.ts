import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { insightsApi, type ReportTypeFilter } from './insights-api.ts';

/** One page of open reports of a type; the newest request wins. */
export function useReports(page: number, type: ReportTypeFilter, onPageGone: (lastPage: number) => void) {
  const { data, setData, ...request } = useLatestRequest(
    async () => {
      const data = await insightsApi.reports(page, type);
      // The last report of a later page was resolved: show the new last page instead of an empty one.
      if (data.reports.length === 0 && page > data.pagination.totalPages) {
        onPageGone(data.pagination.totalPages);
        return undefined;
      }
      return data;
    },
    'Failed to fetch reported content',
    [page, type, onPageGone],
  );
  return { ...request, reports: data?.reports ?? [], pagination: data?.pagination ?? null };
}
