import { Anchor, Avatar, Badge, Box, Group, Paper, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LeaderboardEntry } from './leaderboard-api.ts';

/** Gold, silver and bronze for the first three ranks (ties share them). */
const MEDAL_COLORS: Record<number, string> = { 1: 'yellow', 2: 'gray', 3: 'orange' };

/** The rank as a number screen readers hear as 'Rank 2'; the first three sit in a medal-coloured disc. */
function RankMark({ rank }: { rank: number }) {
  const { t, i18n } = useTranslation('leaderboard');
  const shown = rank.toLocaleString(i18n.language);
  const medal = MEDAL_COLORS[rank];
  return (
    <Box w={40} style={{ flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
      <VisuallyHidden>{t('rank', { rank: shown })}</VisuallyHidden>
      {medal ? (
        <ThemeIcon size={34} radius="xl" variant="light" color={medal} aria-hidden="true">
          <Text component="span" fw={800}>
            {shown}
          </Text>
        </ThemeIcon>
      ) : (
        <Text component="span" fw={700} c="dimmed" aria-hidden="true">
          {shown}
        </Text>
      )}
    </Box>
  );
}

/** The explorer's name, linked to their profile (one's own goes to /profile); a private explorer has neither. */
function ExplorerName({ entry }: { entry: LeaderboardEntry }) {
  const { t } = useTranslation('leaderboard');
  const { user } = entry;
  if (!user)
    return (
      <Text fw={600} fs="italic" c="dimmed" truncate>
        {t('privateExplorer')}
      </Text>
    );
  const name = user.fullName || user.username;
  return entry.isMe ? (
    <Anchor component={Link} to="/profile" fw={600} truncate>
      {name}
    </Anchor>
  ) : (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/profile/$userId" params={{ userId: user._id }} />}
      fw={600}
      truncate
    >
      {name}
    </Anchor>
  );
}

/** One explorer on a board: rank, avatar, name, level and xp; the caller's own row is highlighted and says 'You'. */
export function LeaderboardRow({ entry }: { entry: LeaderboardEntry }) {
  const { t, i18n } = useTranslation('leaderboard');
  const { user } = entry;
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-current={entry.isMe ? 'true' : undefined}
      bg={entry.isMe ? 'var(--mantine-primary-color-light)' : undefined}
      style={entry.isMe ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap">
        <RankMark rank={entry.rank} />
        {user ? (
          // Decorative: the name beside it says who it is.
          <Avatar src={user.avatar ?? undefined} alt="" radius="xl" />
        ) : (
          <Avatar radius="xl" alt="" aria-hidden="true">
            <IconLock size={18} aria-hidden="true" />
          </Avatar>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <ExplorerName entry={entry} />
            {entry.isMe && (
              <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>
                {t('you')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {user ? `@${user.username} · ` : ''}
            {t('level', { level: number(entry.level) })}
          </Text>
        </Box>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {t('xp', { xp: number(entry.xp) })}
        </Text>
      </Group>
    </Paper>
  );
}
