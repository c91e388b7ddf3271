import { type ActionType, apiKey, type Schema, unwrap } from '@cityquest/openapi';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ActionLog = Schema<'ActionLog'>;
/** One page of the log; an absent filter means every action type or every admin. */
export type LogQuery = { page: number; limit: number; actionType?: ActionType; adminId?: string };

/** 10, 20 or 50 entries a page, 20 by default (docs/product-rules/admin-screens.md#action-logs-screen). */
export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

export const logsQueries = {
  // An absent filter is every action type or every admin.
  list: ({ page, limit, actionType, adminId }: LogQuery) => {
    const query = {
      page,
      limit,
      ...(actionType ? { action_type: actionType } : {}),
      ...(adminId ? { admin_id: adminId } : {}),
    };
    return queryOptions({
      queryKey: apiKey('/admin/action-logs', { query }),
      queryFn: () =>
        unwrap(api().GET('/admin/action-logs', { params: { query } }), 'Failed to fetch admin action logs'),
      // The page on show stays while the next one loads.
      placeholderData: keepPreviousData,
    });
  },
  admins: () =>
    queryOptions({
      queryKey: apiKey('/admin/admins'),
      queryFn: () => unwrap(api().GET('/admin/admins'), 'Failed to fetch admins list'),
    }),
};
