import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props<T> = {
  title: string;
  query: UseQueryResult<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
};

/**
 * A section of the user details that shows one query's answer: a loader until it arrives, else its failure
 * with Try Again (asks again) and Dismiss (hides that failure).
 */
export function UserQuerySection<T>({ title, query, loadingLabel, children }: Props<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  // The failure dismissed, by when it happened: a later failure shows again.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={4} id={titleId}>
        {title}
      </Title>
      {query.isError ? (
        query.errorUpdatedAt !== dismissedAt && (
          <ErrorBanner
            title={t('users.error')}
            message={query.error.message}
            retryLabel={t('users.retry')}
            onRetry={() => void query.refetch()}
            dismissLabel={t('users.dismiss')}
            onDismiss={() => setDismissedAt(query.errorUpdatedAt)}
          />
        )
      ) : query.data !== undefined ? (
        children(query.data)
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{loadingLabel}</Text>
        </Group>
      )}
    </Stack>
  );
}
