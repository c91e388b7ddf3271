import type { ApiError } from '@cityquest/web-client';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * What a screen (and ListState) shows of a query: whether it is fetching, its failure as the console's error
 * banner shows it, and a retry. The admin may dismiss the banner; the next failure (a new error) shows again.
 */
export function useQueryStatus(query: Pick<UseQueryResult, 'isFetching' | 'error' | 'refetch'>) {
  const [dismissed, setDismissed] = useState<ApiError | null>(null);
  return {
    loading: query.isFetching,
    error: query.error && query.error !== dismissed ? query.error.message : null,
    dismissError: () => setDismissed(query.error),
    reload: async () => {
      await query.refetch();
    },
  };
}
