import type { ActionType, Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

export type ActionLog = Schema<'ActionLog'>;
/** One page of the log; an absent filter means every action type or every admin. */
export type LogQuery = { page: number; limit: number; actionType?: ActionType; adminId?: string };

/** The audit log, as the action logs screen and the dashboard's recent activity read it. */
export const actionLogQueries = {
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
};
