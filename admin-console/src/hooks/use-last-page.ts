import { useEffect } from 'react';

type PagedQuery = {
  data?: { pagination: { totalPages: number } } | undefined;
  isPlaceholderData: boolean;
};

/**
 * Moves to a list's last page when the page shown is past it: the last item of a later page went away (resolved,
 * closed), so the new last page shows instead of an empty one.
 */
export function useLastPage(list: PagedQuery, page: number, goTo: (page: number) => void): void {
  const lastPage = Math.max(1, list.data?.pagination.totalPages ?? 1);
  const gone = list.data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (gone) goTo(lastPage);
  }, [gone, lastPage, goTo]);
}
