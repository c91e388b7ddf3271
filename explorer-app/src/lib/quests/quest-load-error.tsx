import { ApiError } from '@cityquest/openapi';
import { ErrorState } from '@cityquest/shared-ui';
import { Button, Container, Group } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The error component of a quest's screens: 'Quest not found' for a 404, else the server's message with
 * Retry, and always a way back to the quests. The route loads the quest strings even when the quest fails.
 */
export function QuestLoadError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('quests');
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Container size="xl" py="xl">
      <ErrorState
        title={
          notFound
            ? t('detail.notFound')
            : t('detail.loadError', { error: error instanceof Error ? error.message : '' })
        }
        onRetry={notFound ? undefined : () => void router.invalidate()}
        retryLabel={t('retry')}
      />
      <Group justify="center" mt="md">
        <Button component={Link} to="/quest" variant="default">
          {t('detail.backToQuests')}
        </Button>
      </Group>
    </Container>
  );
}
