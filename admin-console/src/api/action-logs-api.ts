import type { ActionType, Schema } from '@cityquest/contract';

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getQuery } from '../lib/api.ts';

export type ActionLog = Schema<'ActionLog'>;
/** One page of the log; an absent filter means every action type or every admin. */
export type LogQuery = { page: number; limit: number; actionType?: ActionType; adminId?: string };

/** 10, 20 or 50 entries a page, 20 by default (docs/product-rules/admin-screens.md#action-logs-screen). */
export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/** The audit log, as the action logs screen and the dashboard's recent activity read it, and the admins it names. */
export const actionLogQueries = {
  list: ({ page, limit, actionType, adminId }: LogQuery) =>
    queryOptions({
      ...getQuery('/admin/action-logs', {
        query: {
          page,
          limit,
          ...(actionType ? { action_type: actionType } : {}),
          ...(adminId ? { admin_id: adminId } : {}),
        },
      }),
      // The page on show stays while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** The admins the log can be filtered by. */
  admins: () => getQuery('/admin/admins'),
};
