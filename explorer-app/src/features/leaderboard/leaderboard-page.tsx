import { ErrorState } from '@cityquest/shared-ui';
import { RouteError } from '@cityquest/web-client/ui/route-error';
import { Box, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDayRange } from '../../lib/format-date.ts';
import { NotFoundPage } from '../status-pages/not-found-page.tsx';
import { type BoardChoice, type Leaderboard, leaderboardQueries } from './leaderboard-api.ts';
import { LeaderboardBoard } from './leaderboard-board.tsx';
import { LeaderboardControls } from './leaderboard-controls.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A weekly board's days, Monday to Sunday: `endsAt` is the next Monday 00:00 UTC, so its last day is the one before. */
function useWeekDays() {
  const formatDayRange = useFormatDayRange();
  return (board: Leaderboard) =>
    board.startsAt && board.endsAt
      ? formatDayRange(board.startsAt, new Date(Date.parse(board.endsAt) - DAY_MS).toISOString())
      : null;
}

function LeaderboardFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * The leaderboard (docs/product-rules/explorer-screens.md#leaderboard): the board the URL names, this week's or
 * all time's, of everyone, the caller's friends or one city. Another choice keeps the board on screen, dimmed,
 * until the next one arrives.
 */
export function LeaderboardPage({
  choice,
  onChoose,
}: {
  choice: BoardChoice;
  onChoose: (choice: BoardChoice) => void;
}) {
  const { t } = useTranslation('leaderboard');
  const weekDays = useWeekDays();
  const { data, error, isFetching, isPlaceholderData, refetch } = useQuery({
    ...leaderboardQueries.board(choice),
    placeholderData: keepPreviousData,
  });
  // A failed answer being retried shows the loader again.
  const failed = isFetching ? null : error;
  const days = data?.period === 'week' ? weekDays(data) : null;
  return (
    <LeaderboardFrame title={t('title')}>
      <LeaderboardControls choice={choice} board={data} onChoose={onChoose} />
      {failed ? (
        <ErrorState
          title={t('loadFailed')}
          message={failed.message}
          onRetry={() => void refetch()}
          retryLabel={t('retry')}
        />
      ) : !data ? (
        <Center py="xl">
          <Group gap="sm" role="status">
            <Loader />
            <Text>{t('loading')}</Text>
          </Group>
        </Center>
      ) : (
        <Box aria-busy={isPlaceholderData} style={isPlaceholderData ? { opacity: 0.6 } : undefined}>
          <Stack gap="md">
            {days && (
              <Text c="dimmed" size="sm">
                {t('weekDays', { days })}
              </Text>
            )}
            <LeaderboardBoard board={data} />
          </Stack>
        </Box>
      )}
    </LeaderboardFrame>
  );
}

/** The first board failed to load: the page's title above the app's error state with its retry. */
export function LeaderboardError(props: ErrorComponentProps) {
  // The default namespace: this screen's strings may be what failed to load.
  const { t } = useTranslation();
  return (
    <LeaderboardFrame title={t('nav.leaderboard')}>
      <RouteError {...props} notFound={<NotFoundPage />} />
    </LeaderboardFrame>
  );
}
