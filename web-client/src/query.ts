import type { paths } from '@cityquest/contract';
import { QueryClient } from '@tanstack/react-query';
import type { ClientPathsWithMethod } from 'openapi-fetch';
import type { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';

/** The paths the contract lets a client GET. */
export type GetPath = ClientPathsWithMethod<ApiClient, 'get'>;

type GetParameters<Path extends GetPath> = paths[Path]['get'] extends { parameters: infer P } ? P : never;
type Part<P, Name extends string> = P extends { [K in Name]?: infer V }
  ? [V] extends [never]
    ? never
    : V
  : never;

/** Some or all of a GET's path and query parameters: a prefix of its key matches every query it covers. */
export type KeyParams<Path extends GetPath> = {
  path?: Partial<Part<GetParameters<Path>, 'path'>>;
  query?: Partial<Part<GetParameters<Path>, 'query'>>;
};

/**
 * The query key of a GET: its contract path, then its parameters. Keys are never written by hand, so a query
 * and the mutation that invalidates it cannot drift apart; `apiKey('/quests')` covers every page of the list.
 */
export function apiKey<Path extends GetPath>(path: Path, params?: KeyParams<Path>) {
  return params === undefined ? ([path] as const) : ([path, params] as const);
}

/** Retried once: only failures a second try can cure (no network, a gateway or an overloaded server). */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError ? [0, 502, 503, 504].includes(error.status) : false;
}

/**
 * An SPA's one cache of server state. Answers stay fresh for 30 s (screens invalidate what they change), so
 * moving between screens shows cached data at once; polling queries pause while their tab is hidden.
 */
export function createAppQueryClient(options: { retry?: boolean } = {}) {
  const retry = options.retry ?? true;
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => retry && failures < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}

/** The next page of a paginated list for an infinite query, or undefined after the last. */
export const nextPageOf = (last: { pagination: { currentPage: number; hasNextPage: boolean } }) =>
  last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined;

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}
