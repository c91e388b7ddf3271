import { useState } from 'react';

type Page<T> = { quests: T[]; pagination: { currentPage: number; hasNextPage: boolean } };

/**
 * The dashboard carries the 10 latest completed and created quests; the rest come page by page from their own
 * lists (GET /users/completed-quests, GET /quests/my-quests). Page 1 replaces the dashboard's items.
 */
export function useMorePages<T>(initial: T[], total: number, loadPage: (page: number) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [nextPage, setNextPage] = useState(1);
  const [hasMore, setHasMore] = useState(total > initial.length);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loadMore = async () => {
    setLoading(true);
    setError(null);
    try {
      const page = await loadPage(nextPage);
      setItems((current) => (nextPage === 1 ? page.quests : [...(current ?? []), ...page.quests]));
      setNextPage(page.pagination.currentPage + 1);
      setHasMore(page.pagination.hasNextPage);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  };
  return { items: items ?? initial, hasMore, loading, error, loadMore };
}
