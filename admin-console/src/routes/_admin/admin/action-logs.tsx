import { ACTION_TYPES, type ActionType, SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, pageParam, textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { ActionLogsPage } from '../../../features/action-logs/action-logs-page.tsx';
import {
  DEFAULT_PAGE_SIZE,
  logsQueries,
  PAGE_SIZES,
  type PageSize,
} from '../../../features/action-logs/logs-api.ts';
import { actionLogQueries } from '../../../lib/action-logs-api.ts';

/** The list's state in the address; defaults (page 1, every type and admin, 20 a page, no search) are left out. */
export type ActionLogsSearch = {
  page?: number;
  actionType?: ActionType;
  adminId?: string;
  limit?: PageSize;
  search?: string;
};

const pageSizeParam = (value: unknown) => {
  const size = PAGE_SIZES.find((choice) => String(choice) === String(value));
  return size === DEFAULT_PAGE_SIZE ? undefined : size;
};

export const Route = createFileRoute('/_admin/admin/action-logs')({
  validateSearch: (search: Record<string, unknown>): ActionLogsSearch => ({
    page: pageParam(search.page),
    actionType: oneOf(ACTION_TYPES, search.actionType),
    adminId: textParam(search.adminId),
    limit: pageSizeParam(search.limit),
    search: textParam(search.search, SEARCH_LIMITS.text),
  }),
  // The search box narrows the loaded page on screen, so typing does not call the loader's data again.
  loaderDeps: ({ search: { page = 1, actionType, adminId, limit = DEFAULT_PAGE_SIZE } }) => ({
    page,
    actionType,
    adminId,
    limit,
  }),
  // Started, not awaited: the screen keeps its filters and the page it shows while another page loads, and
  // shows a failure beside the filters; hovering a link to the screen starts the list all the same.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(actionLogQueries.list(deps));
    void queryClient.prefetchQuery(logsQueries.admins());
  },
  component: ActionLogsPage,
});
