import { PAGE_SIZE_MAX } from '@cityquest/contract';
import { apiKey, nextPageOf, unwrap } from '@cityquest/web-client';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

import { RECENT_PER_KIND } from './profile-quests.ts';

// Fallback messages: docs/product-rules/messages.md#explorer-app-fallbacks.
export const profileQuestQueries = {
  /** The explorer's ongoing quests (at most 3), newest first. */
  ongoing: () =>
    queryOptions({
      queryKey: apiKey('/quest-progress/ongoing'),
      queryFn: () => unwrap(api().GET('/quest-progress/ongoing'), 'Failed to fetch ongoing quests'),
    }),
  /** The latest completions Recent Activity can show. */
  latestCompleted: () =>
    queryOptions({
      queryKey: apiKey('/users/completed-quests', { query: { limit: RECENT_PER_KIND } }),
      queryFn: () =>
        unwrap(
          api().GET('/users/completed-quests', { params: { query: { limit: RECENT_PER_KIND } } }),
          'Failed to fetch completed quests',
        ),
    }),
  /** Every completion, newest first, in the largest pages the API gives: one request for nearly everyone. */
  completed: () =>
    infiniteQueryOptions({
      queryKey: apiKey('/users/completed-quests', { query: { limit: PAGE_SIZE_MAX } }),
      queryFn: ({ pageParam }) =>
        unwrap(
          api().GET('/users/completed-quests', {
            params: { query: { page: pageParam, limit: PAGE_SIZE_MAX } },
          }),
          'Failed to fetch completed quests',
        ),
      initialPageParam: 1,
      getNextPageParam: nextPageOf,
    }),
};
