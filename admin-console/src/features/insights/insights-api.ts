import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type ApiUsage = Schema<'ApiUsage'>;
export type CostLevel = ApiUsage['level'];
export type Analytics = Schema<'Analytics'>;
export type Timeframe = Schema<'Timeframe'>;
export type Report = Schema<'Report'>;
export type ReportType = Schema<'ReportType'>;
export type ReportTypeFilter = Schema<'ReportTypeFilter'>;
export type ReportResolution = Schema<'ReportResolution'>;

/** The cost widget refreshes every 10 s (admin-and-moderation.md section 9). */
export const API_USAGE_REFRESH_MS = 10_000;

/** Analytics cover 7, 30 or 90 days, 30 by default (admin-and-moderation.md section 9). */
export const TIMEFRAMES: Timeframe[] = ['7d', '30d', '90d'];
export const DEFAULT_TIMEFRAME: Timeframe = '30d';

/** Reports come 10 a page (admin-and-moderation.md section 9). */
export const REPORTS_PAGE_SIZE = 10;
export const REPORT_TYPES: ReportType[] = ['bug_report', 'contact_message', 'flagged_content'];
export const RESOLUTIONS: ReportResolution[] = ['resolved', 'dismissed'];
export const RESOLUTION_REASON_MAX = 500;

export const insightsApi = {
  // One day asked for: the server grades `level` on the period's total, so the level is today's, while
  // `monthly` always covers the calendar month.
  apiUsage: () =>
    unwrap(api().GET('/admin/api-usage', { params: { query: { days: 1 } } }), 'Failed to fetch API usage'),
  analytics: (timeframe: Timeframe) =>
    unwrap(api().GET('/admin/analytics', { params: { query: { timeframe } } }), 'Failed to fetch analytics'),
  // An 'all' type filter is left out of the call (admin-and-moderation.md section 5).
  reports: (page: number, type: ReportTypeFilter) =>
    unwrap(
      api().GET('/admin/reports', {
        params: {
          query: { page, limit: REPORTS_PAGE_SIZE, ...(type !== 'all' ? { type } : {}) },
        },
      }),
      'Failed to fetch reported content',
    ),
  resolveReport: (id: string, action: ReportResolution, reason: string) =>
    unwrap(
      api().PATCH('/admin/reports/{id}/resolve', {
        params: { path: { id } },
        body: { action, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }),
      'Failed to resolve report',
    ),
};

const dollars = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

/** Estimated costs are fractions of a cent per call, so a third decimal keeps small days readable. */
export const formatDollars = (value: number) => dollars.format(value);
