import { ErrorState } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { Button, Container, Group } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../auth-api.ts';

/**
 * How each quest screen words and lays out its error: the quest's page in the quest strings, the play screens
 * (in progress, proof upload) in the play strings. A play screen also reads a malformed id (400) as a quest that
 * does not exist, since its id comes from the explorer's own progress.
 */
const SCREENS = {
  detail: { namespace: 'quests', prefix: 'detail.', missing: [404], size: 'xl', buttonSize: 'sm' },
  play: { namespace: 'play', prefix: '', missing: [404, 400], size: 'sm', buttonSize: 'md' },
} as const;

export type QuestScreen = keyof typeof SCREENS;

/**
 * The error component of a quest's screens: 'Quest not found' when the quest does not exist, else the server's
 * message with Retry, and always a way back to the quests. The route loads the strings even when the quest fails.
 */
export function QuestLoadError({ error, screen = 'detail' }: ErrorComponentProps & { screen?: QuestScreen }) {
  const { namespace, prefix, missing, size, buttonSize } = SCREENS[screen];
  const { t } = useTranslation(namespace);
  const router = useRouter();
  // /quest is the explorer's own dashboard; a visitor reading a quest goes back to the catalogue
  // (docs/product-rules/quests.md#visitors).
  const isAuthenticated = useSignedIn();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  const notFound = error instanceof ApiError && (missing as readonly number[]).includes(error.status);
  return (
    <Container size={size} py="xl">
      <ErrorState
        title={
          notFound
            ? t(`${prefix}notFound`)
            : t(`${prefix}loadError`, { error: error instanceof Error ? error.message : '' })
        }
        onRetry={notFound ? undefined : () => void router.invalidate()}
        retryLabel={t('retry')}
      />
      <Group justify="center" mt="md">
        <Button
          component={Link}
          to={isAuthenticated ? '/quest' : '/explore'}
          variant="default"
          size={buttonSize}
        >
          {t(`${prefix}backToQuests`)}
        </Button>
      </Group>
    </Container>
  );
}

/** The error component of the play screens (quest in progress, proof upload). */
export function QuestPlayError(props: ErrorComponentProps) {
  return <QuestLoadError {...props} screen="play" />;
}
