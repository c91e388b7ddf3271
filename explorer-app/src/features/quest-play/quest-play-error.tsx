import { ApiError } from '@cityquest/openapi';
import { ErrorState } from '@cityquest/shared-ui';
import { Button, Container, Group } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A quest that could not be played: 'Quest not found' when the quest or the explorer's progress on it does
 * not exist (a malformed id too), else the loading error with a retry; both with a way back to the quests.
 */
export function QuestPlayError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('play');
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={
          missing ? t('notFound') : t('loadError', { error: error instanceof Error ? error.message : '' })
        }
        onRetry={missing ? undefined : () => void router.invalidate()}
        retryLabel={t('retry')}
      />
      <Group justify="center" mt="md">
        <Button component={Link} to="/quest" variant="default" size="md">
          {t('backToQuests')}
        </Button>
      </Group>
    </Container>
  );
}
