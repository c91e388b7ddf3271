import { Alert, Button, Group } from '@mantine/core';
import type { InfiniteData } from '@tanstack/react-query';
import { listPages } from './my-quest-api.ts';

/**
 * How far the Completed and My Created lists go, as the URL keeps it: 1 (the default) is the dashboard's quests,
 * each Show more adds a page of the list.
 */
type ListPage<T> = { quests: T[]; pagination: { hasNextPage: boolean } };
type ListQuery<T> = {
  data: InfiniteData<ListPage<T>, unknown> | undefined;
  error: Error | null;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

/**
 * A list that starts with the dashboard's quests (`first`, of `total`) and grows a page per Show more, up to the
 * `shown` the URL asks for. Quests a page repeats from the dashboard appear once.
 */
export function listOf<T extends { _id: string }>(
  query: ListQuery<T>,
  first: T[],
  total: number,
  shown: number | undefined,
  onShownChange: (shown: number) => void,
) {
  const wanted = listPages(shown);
  const pages = query.data?.pages ?? [];
  const seen = new Set<string>();
  const items = [...first, ...pages.slice(0, wanted).flatMap((page) => page.quests)].filter(
    (item) => !seen.has(item._id) && Boolean(seen.add(item._id)),
  );
  const lastLoaded = pages.at(-1);
  const missing = pages.length < wanted && (!lastLoaded || lastLoaded.pagination.hasNextPage);
  const last = pages[Math.min(wanted, pages.length) - 1];
  return {
    items,
    hasMore: missing || (last ? last.pagination.hasNextPage : total > first.length),
    loading: missing && query.isFetching,
    error: query.isFetching ? null : query.error,
    showMore: () => {
      // A page the URL already asks for that failed or is loading: ask again rather than go further.
      if (missing) {
        void (query.data ? query.fetchNextPage() : query.refetch());
        return;
      }
      onShownChange(wanted + 2);
      // Pages seen before stay cached; a new one is fetched. The first one comes as the list turns on.
      if (query.data && pages.length === wanted) void query.fetchNextPage();
    },
  };
}

export function MoreButton({ list, label }: { list: ReturnType<typeof listOf>; label: string }) {
  return (
    <>
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.hasMore && (
        <Group justify="center">
          <Button variant="light" loading={list.loading} onClick={list.showMore}>
            {label}
          </Button>
        </Group>
      )}
    </>
  );
}
