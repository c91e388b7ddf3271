import type { ReportResolution, ReportType, Schema, Timeframe } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';

export type ApiUsage = Schema<'ApiUsage'>;
export type CostLevel = ApiUsage['level'];
export type Analytics = Schema<'Analytics'>;
export type Report = Schema<'Report'>;

/** The cost widget refreshes every 10 s (docs/product-rules/admin-screens.md#api-cost-widget). */
export const API_USAGE_REFRESH_MS = 10_000;
// One day asked for: the server grades `level` on the period's total, so the level is today's, while `monthly`
// always covers the calendar month.
const API_USAGE_QUERY = { days: 1 };

/** The contract's default timeframe (docs/product-rules/moderation.md#analytics). */
export const DEFAULT_TIMEFRAME: Timeframe = '30d';

/** Reports come 10 a page (docs/product-rules/admin-screens.md#analytics-and-reports-screens). */
export const REPORTS_PAGE_SIZE = 10;

export const insightsQueries = {
  /** The maps API usage of today and this month, refreshed every 10 s while anything shows it. */
  apiUsage: () =>
    queryOptions({
      ...getQuery('/admin/api-usage', { query: API_USAGE_QUERY }),
      refetchInterval: API_USAGE_REFRESH_MS,
    }),
  analytics: (timeframe: Timeframe) =>
    queryOptions({
      ...getQuery('/admin/analytics', { query: { timeframe } }),
      // The period on show stays while another loads; its heading names the period of the answer.
      placeholderData: keepPreviousData,
    }),
  /** One page of open reports; an absent type means every type. */
  reports: ({ page, type }: { page: number; type?: ReportType }) => {
    const query = { page, limit: REPORTS_PAGE_SIZE, ...(type ? { type } : {}) };
    return queryOptions({
      ...getQuery('/admin/reports', { query }),
      placeholderData: keepPreviousData,
    });
  },
};

/** Resolving takes the report out of the open lists and writes a report_resolution log entry. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: ReportResolution; reason: string }) =>
      unwrap(
        api().PATCH('/admin/reports/{id}/resolve', {
          params: { path: { id } },
          body: { action, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        }),
        'Failed to resolve report',
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('/admin/reports') }),
        queryClient.invalidateQueries({ queryKey: apiKey('/admin/action-logs') }),
      ]),
  });
}

const dollars = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

/** Estimated costs are fractions of a cent per call, so a third decimal keeps small days readable. */
export const formatDollars = (value: number) => dollars.format(value);
