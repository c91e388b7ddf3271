import { EmptyState } from '@cityquest/shared-ui';
import { Anchor, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCompass, IconTrophy, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Leaderboard, LeaderboardEntry } from './leaderboard-api.ts';
import { LeaderboardRow } from './leaderboard-row.tsx';

function ExploreButton() {
  const { t } = useTranslation('leaderboard');
  return (
    <Button component={Link} to="/explore" leftSection={<IconCompass size={18} aria-hidden="true" />}>
      {t('exploreQuests')}
    </Button>
  );
}

function FindFriendsButton() {
  const { t } = useTranslation('leaderboard');
  return (
    <Button component={Link} to="/friends" leftSection={<IconUsers size={18} aria-hidden="true" />}>
      {t('findFriends')}
    </Button>
  );
}

/** Rows as a list (a stack on every screen size, so phones need no wide table). */
function EntryList({ entries, labelledBy }: { entries: LeaderboardEntry[]; labelledBy: string }) {
  // A private explorer has no id to key by: their place on the board is all that tells them apart.
  const rows = entries.map((entry, place) => ({ entry, key: entry.user?._id ?? `private-${place}` }));
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {rows.map(({ entry, key }) => (
        <LeaderboardRow key={key} entry={entry} />
      ))}
    </Stack>
  );
}

/** How to get on a board the caller is not on yet. */
function useNotOnBoard(board: Leaderboard) {
  const { t } = useTranslation('leaderboard');
  return board.scope === 'city' && board.city
    ? t(`notOnBoard.city.${board.period}`, { city: board.city })
    : t(`notOnBoard.${board.period}`);
}

/** The caller's place under the list when it is not among the first 50, or how to get one. */
function MyPlace({ board }: { board: Leaderboard }) {
  const { t } = useTranslation('leaderboard');
  const notOnBoard = useNotOnBoard(board);
  if (!board.me)
    return (
      <Text c="dimmed" ta="center">
        {notOnBoard}{' '}
        <Anchor component={Link} to="/explore" underline="always">
          {t('exploreQuests')}
        </Anchor>
      </Text>
    );
  if (board.entries.some((entry) => entry.isMe)) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="leaderboard-your-rank">
      <Divider />
      <Title order={2} size="h4" id="leaderboard-your-rank">
        {t('yourRank')}
      </Title>
      <EntryList entries={[board.me]} labelledBy="leaderboard-your-rank" />
    </Stack>
  );
}

/** A friends board with nobody but the caller on it: an invitation to add friends. */
function FriendsInvite() {
  const { t } = useTranslation('leaderboard');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack align="center" gap="xs">
        <Text fw={600} ta="center">
          {t('friendsInvite.title')}
        </Text>
        <Text c="dimmed" ta="center">
          {t('friendsInvite.body')}
        </Text>
        <FindFriendsButton />
      </Stack>
    </Paper>
  );
}

/** A board's title: who is ranked on it. */
function useBoardTitle(board: Leaderboard) {
  const { t } = useTranslation('leaderboard');
  if (board.scope === 'city') return board.city ? t('board.city', { city: board.city }) : t('board.myCity');
  return t(`board.${board.scope}`);
}

/** One board: its explorers, the caller's own place, or what to do when the board is empty. */
export function LeaderboardBoard({ board }: { board: Leaderboard }) {
  const { t } = useTranslation('leaderboard');
  const title = useBoardTitle(board);
  const notOnBoard = useNotOnBoard(board);
  const heading = (
    <Title order={2} size="h3" id="leaderboard-board-title">
      {title}
    </Title>
  );

  if (board.scope === 'city' && !board.city)
    return (
      <Stack gap="sm">
        {heading}
        <EmptyState
          title={t('empty.noCity')}
          description={t('empty.noCityBody')}
          icon={<IconCompass size={28} aria-hidden="true" />}
          action={<ExploreButton />}
        />
      </Stack>
    );

  if (board.entries.length === 0)
    return (
      <Stack gap="sm">
        {heading}
        <EmptyState
          title={t('empty.title')}
          description={board.scope === 'friends' ? t('friendsInvite.body') : notOnBoard}
          icon={<IconTrophy size={28} aria-hidden="true" />}
          action={board.scope === 'friends' ? <FindFriendsButton /> : <ExploreButton />}
        />
      </Stack>
    );

  const onlyMe = board.entries.every((entry) => entry.isMe);
  return (
    <Stack gap="md">
      {heading}
      <EntryList entries={board.entries} labelledBy="leaderboard-board-title" />
      <MyPlace board={board} />
      {board.scope === 'friends' && onlyMe && <FriendsInvite />}
    </Stack>
  );
}
