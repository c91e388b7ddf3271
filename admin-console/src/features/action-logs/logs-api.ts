import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** 10, 20 or 50 entries a page, 20 by default (docs/product-rules/admin-screens.md#action-logs-screen). */
export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

export const logsQueries = {
  /** The admins the log can be filtered by. */
  admins: () =>
    queryOptions({
      queryKey: apiKey('/admin/admins'),
      queryFn: () => unwrap(api().GET('/admin/admins'), 'Failed to fetch admins list'),
    }),
};
