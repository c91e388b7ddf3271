import { ACTION_TYPES, type ActionType, SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, pageParam, textParam } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import {
  actionLogQueries,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type PageSize,
} from '../../../api/action-logs-api.ts';
import { ActionLogsPage } from '../../../features/action-logs/action-logs-page.tsx';

/** The list's state in the address; defaults (page 1, every type and admin, 20 a page, no search) are left out. */
type ActionLogsSearch = {
  page: number;
  actionType?: ActionType;
  adminId?: string;
  limit: PageSize;
  search?: string;
};
const DEFAULT_SEARCH = { page: 1, limit: DEFAULT_PAGE_SIZE } satisfies Partial<ActionLogsSearch>;

export const Route = createFileRoute('/_admin/admin/action-logs')({
  validateSearch: (search: Partial<ActionLogsSearch> & SearchSchemaInput): ActionLogsSearch => ({
    page: pageParam(search.page) ?? DEFAULT_SEARCH.page,
    actionType: oneOf(ACTION_TYPES, search.actionType),
    adminId: textParam(search.adminId),
    limit: PAGE_SIZES.find((size) => String(size) === String(search.limit)) ?? DEFAULT_SEARCH.limit,
    search: textParam(search.search, SEARCH_LIMITS.text),
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SEARCH)] },
  // The search box narrows the loaded page on screen, so typing does not call the loader's data again.
  loaderDeps: ({ search: { page, actionType, adminId, limit } }) => ({ page, actionType, adminId, limit }),
  // Started, not awaited: the screen keeps its filters and the page it shows while another page loads, and
  // shows a failure beside the filters; hovering a link to the screen starts the list all the same.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(actionLogQueries.list(deps));
    void queryClient.prefetchQuery(actionLogQueries.admins());
  },
  component: ActionLogsPage,
});
