import { EmptyState } from '@cityquest/shared-ui';
import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from './error-banner.tsx';

type Props = {
  /** The list's query as useQueryStatus reports it. */
  list: { loading: boolean; error: string | null; dismissError: () => void; reload: () => Promise<void> };
  /** How many items are loaded: the loader stands in for the list only while there are none. */
  loaded: number;
  /** How many of them the page shows, when it narrows them further; the empty state shows when none are. */
  shown?: number;
  /** Without `retry` the error banner only offers Dismiss. */
  labels: { error: string; dismiss: string; retry?: string; loading: string };
  empty: { title: string; description?: string; icon: ReactNode };
  /** Banners and notices of the page, placed between the list's error and the list. */
  notices?: ReactNode;
  children: ReactNode;
};

/**
 * The states every list of the console goes through: its failure with Dismiss (and Retry), a loader until the
 * first items arrive, an empty state unless a failure already explains the empty list, else the list itself.
 */
export function ListState({ list, loaded, shown = loaded, labels, empty, notices, children }: Props) {
  return (
    <>
      {list.error && (
        <ErrorBanner
          title={labels.error}
          message={list.error}
          dismissLabel={labels.dismiss}
          onDismiss={list.dismissError}
          retryLabel={labels.retry}
          onRetry={() => void list.reload()}
        />
      )}
      {notices}
      {list.loading && loaded === 0 ? (
        <Group gap="sm" justify="center" py="xl">
          <Loader size="sm" />
          <Text>{labels.loading}</Text>
        </Group>
      ) : shown === 0 ? (
        !list.error && <EmptyState title={empty.title} description={empty.description} icon={empty.icon} />
      ) : (
        children
      )}
    </>
  );
}
