import { ErrorState } from '@cityquest/shared-ui';
import { Container } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../errors.ts';

export type RouteErrorProps = ErrorComponentProps & {
  /** What a 404 from the screen's data shows: each app's own Page Not Found. */
  notFound: ReactNode;
};

/**
 * A screen whose data failed to load: Not Found for a 404, else the server's message and a retry that runs the
 * route's loaders again. Its strings are `common.loadFailed` and `common.tryAgain` of each app's default namespace.
 */
export function RouteError({ error, notFound }: RouteErrorProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  if (error instanceof ApiError && error.status === 404) return notFound;
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={t('common.loadFailed')}
        message={error instanceof Error ? error.message : undefined}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void router.invalidate()}
      />
    </Container>
  );
}
