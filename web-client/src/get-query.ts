import type { paths } from '@cityquest/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { unwrap } from './errors.ts';
import { apiKey, type GetPath, type KeyParams, nextPageOf } from './query.ts';

/**
 * What a failed GET says when the server gives no message: one per operation, whichever screen asks
 * (docs/product-rules/messages.md#explorer-app-fallbacks and #admin-console-fallbacks). A path can be a query
 * only once it has its message here.
 */
const GET_FALLBACKS = {
  '/admin/action-logs': 'Failed to fetch admin action logs',
  '/admin/admins': 'Failed to fetch admins list',
  '/admin/analytics': 'Failed to fetch analytics',
  '/admin/api-usage': 'Failed to fetch API usage',
  '/admin/dashboard': 'Failed to fetch admin dashboard',
  '/admin/proofs/pending': 'Failed to fetch pending proofs',
  '/admin/quests': 'Failed to fetch quests for admin',
  '/admin/quests/pending': 'Failed to fetch pending quests',
  '/admin/reports': 'Failed to fetch reported content',
  '/admin/support/conversations': 'Failed to fetch conversations',
  '/admin/support/conversations/{id}': 'Failed to fetch conversation',
  '/admin/users': 'Failed to fetch users',
  '/admin/users/{id}': 'Failed to fetch user details',
  '/admin/users/{id}/role': 'Failed to fetch user role info',
  '/badges': 'Failed to fetch badges',
  '/badges/earned/{userId}': 'Failed to fetch badges',
  '/friends/my-friends': 'Failed to fetch friends',
  '/friends/pending-requests': 'Failed to fetch pending requests',
  '/friends/sent-requests': 'Failed to fetch sent requests',
  '/geo/directions': 'Failed to fetch directions',
  '/geo/reverse': 'Failed to fetch address',
  '/leaderboard': 'Failed to fetch the leaderboard',
  '/leaderboard/city': 'Failed to fetch the leaderboard',
  '/leaderboard/friends': 'Failed to fetch the leaderboard',
  '/notifications/unsubscribe': 'Failed to check the unsubscribe link',
  '/quest-progress/ongoing': 'Failed to fetch ongoing quests',
  '/quest-progress/{questId}': 'Failed to fetch quest progress',
  '/quest-reviews/{questId}': 'Failed to fetch quest reviews',
  '/quests': 'Failed to fetch quests',
  '/quests/category/{category}': 'Failed to fetch category quests',
  '/quests/featured': 'Failed to fetch featured quests',
  '/quests/my-dashboard': 'Failed to fetch quest dashboard',
  '/quests/my-quests': 'Failed to fetch user created quests',
  '/quests/popular': 'Failed to fetch popular quests',
  '/quests/{id}': 'Failed to fetch quest',
  '/support/conversation': 'Failed to fetch the conversation',
  '/users/completed-quests': 'Failed to fetch completed quests',
  '/users/my-profile': 'Failed to fetch current user profile',
  '/users/notifications': 'Failed to fetch notifications',
  '/users/profile/{id}': 'Failed to fetch user profile',
  '/users/search': 'Failed to fetch user profile',
} as const satisfies { [Path in GetPath]?: string };

/** The GETs a screen may read as a query: those with a fallback message. */
type QueryPath = keyof typeof GET_FALLBACKS;

type Operation<Path extends GetPath> = paths[Path]['get'];

type ParametersOf<Path extends GetPath> = Operation<Path> extends { parameters: infer P } ? P : never;

/** A GET's path and query parameters, as the contract types them: what its key holds and its call sends. */
type GetParams<Path extends GetPath> = {
  [Key in keyof ParametersOf<Path> as Key extends 'path' | 'query' ? Key : never]: ParametersOf<Path>[Key];
};

/** The `data` of a GET's success envelope. */
type GetData<Path extends GetPath> =
  Operation<Path> extends {
    responses: { 200: { content: { 'application/json': { data: infer Data } } } };
  }
    ? Data
    : never;

/** The parameters may be left out only when the GET requires none. */
type ParamsArg<Path extends GetPath> =
  Partial<GetParams<Path>> extends GetParams<Path> ? [params?: GetParams<Path>] : [params: GetParams<Path>];

type GetCall<Data> = (
  path: string,
  init: { params: unknown; signal: AbortSignal },
) => Promise<{ data?: { data: Data; message: string }; error?: unknown; response: Response }>;

/**
 * The query options of a GET, key and function from one call (as openapi-react-query's `queryOptions`): the
 * key is `apiKey(path, params)`, so the mutations that invalidate it name it the same way; the function sends
 * the same parameters with the query's abort signal and unwraps the answer, failing with the operation's
 * fallback message. A query that needs more options spreads it:
 * `queryOptions({ ...getQuery(path), refetchInterval })`.
 */
export function createGetQuery(client: () => ApiClient) {
  return function getQuery<Path extends QueryPath>(path: Path, ...[params]: ParamsArg<Path>) {
    return queryOptions({
      queryKey: apiKey(path, params as KeyParams<Path> | undefined),
      queryFn: ({ signal }) =>
        unwrap(
          (client() as unknown as { GET: GetCall<GetData<Path>> }).GET(path, { params, signal }),
          GET_FALLBACKS[path],
        ),
    });
  };
}

/** The GETs that answer one page of a list: `page` in their query, `pagination` in their answer. */
type PagePath = {
  [Path in QueryPath]: GetData<Path> extends { pagination: unknown } ? Path : never;
}[QueryPath];

/**
 * The infinite query of a paginated GET from page `firstPage` on, keyed by `apiKey(path, params)` (without a
 * page, so invalidating the list reaches it): each page is the same call with its `page`.
 */
export function createGetPages(client: () => ApiClient) {
  return function getPages<Path extends PagePath>(path: Path, params: GetParams<Path>, firstPage = 1) {
    const { query, ...rest } = params as { query?: object; path?: object };
    return infiniteQueryOptions({
      queryKey: apiKey(path, params as KeyParams<Path>),
      queryFn: ({ pageParam, signal }) =>
        unwrap(
          (client() as unknown as { GET: GetCall<GetData<Path>> }).GET(path, {
            params: { ...rest, query: { page: pageParam, ...query } },
            signal,
          }),
          GET_FALLBACKS[path],
        ),
      initialPageParam: firstPage,
      getNextPageParam: nextPageOf as (last: GetData<Path>) => number | undefined,
    });
  };
}
