import { type ApiError, apiKey, unwrap } from '@cityquest/web-client';
import {
  type FetchInfiniteQueryOptions,
  type GetNextPageParamFunction,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, getPages } from '../../lib/api.ts';

/**
 * The dashboard carries the 10 newest completed and created quests; more completed quests load 20 at a time and
 * more created quests 10 at a time, from their own lists (docs/product-rules/explorer-screens.md#my-quest).
 */
export const DASHBOARD_LIST = 10;
const COMPLETED_PAGE = 20;
const CREATED_PAGE = 10;

/** The first page of a list that holds quests beyond the dashboard's (the screen drops the repeated ones). */
const pageAfterDashboard = (limit: number) => Math.floor(DASHBOARD_LIST / limit) + 1;

export const myQuestQueries = {
  /** Completed quests beyond the dashboard's, newest completion first. */
  completed: () =>
    getPages(
      '/users/completed-quests',
      { query: { limit: COMPLETED_PAGE } },
      pageAfterDashboard(COMPLETED_PAGE),
    ),
  /** The explorer's own quests beyond the dashboard's, newest first, any status. */
  created: () =>
    getPages('/quests/my-quests', { query: { limit: CREATED_PAGE } }, pageAfterDashboard(CREATED_PAGE)),
};

/**
 * Deletes one of the explorer's own quests (its id): My Quest's lists and the profile's count of created quests
 * follow, and the quest's page is forgotten.
 */
export function useDeleteQuest(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api().DELETE('/quests/{id}', { params: { path: { id } } }), fallback),
    onSuccess: (_deleted, id) => {
      queryClient.removeQueries({ queryKey: apiKey('/quests/{id}', { path: { id } }) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-dashboard') }),
        queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-quests') }),
        queryClient.invalidateQueries({ queryKey: apiKey('/users/my-profile') }),
      ]);
    },
  });
}

/**
 * Fills a list's cache with its first `pages` pages unless it holds them already (a failure is left to the screen,
 * which shows it under the list).
 */
export async function ensureListPages<Page, Key extends QueryKey>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<Page, ApiError, Page, Key, number> & {
    getNextPageParam: GetNextPageParamFunction<number, Page>;
  },
  pages: number,
) {
  const cached = queryClient.getQueryData<InfiniteData<Page, number>>(options.queryKey)?.pages.length ?? 0;
  if (cached >= pages) return;
  await queryClient.prefetchInfiniteQuery({ ...options, pages, staleTime: 0 });
}

export type MyQuestSearch = { completed?: number; created?: number };

/** The pages of a list that the URL's `shown` asks for beyond the dashboard's quests. */
export const listPages = (shown: number | undefined) => (shown ?? 1) - 1;
