import { type Schema, trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { insightsApi, type Report, type ReportTypeFilter } from './insights-api.ts';

type State = {
  reports: Report[];
  pagination: Schema<'ReportPagination'> | null;
  loading: boolean;
  error: string | null;
};

/** One page of open reports of a type; the newest request wins. */
export function useReports(page: number, type: ReportTypeFilter, onPageGone: (lastPage: number) => void) {
  const [state, setState] = useState<State>({ reports: [], pagination: null, loading: true, error: null });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, 'Failed to fetch reported content', () =>
        insightsApi.reports(page, type),
      );
      // The last report of a later page was resolved: show the new last page instead of an empty one.
      if (data.reports.length === 0 && page > data.pagination.totalPages) {
        onPageGone(data.pagination.totalPages);
        return;
      }
      set({ reports: data.reports, pagination: data.pagination });
    } catch {
      // trackAsync stored the message
    }
  }, [page, type, onPageGone]);
  useEffect(() => {
    void load();
  }, [load]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, dismissError };
}
