import { ErrorState } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { Container } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from './not-found-page.tsx';

/** A screen whose data failed to load: Not Found for a 404, else the server's message and a retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
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
