import type { Schema } from '@cityquest/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A user's activity figures, from the detailed answer. */
export function UserStats({ stats }: { stats: Schema<'AdminUserStats'> }) {
  const { t } = useTranslation();
  const items = [
    [t('users.details.profileCompleteness'), `${stats.profileCompleteness}%`],
    [t('users.details.questsCompleted'), String(stats.questsCompleted)],
    [t('users.details.questsCreated'), String(stats.questsCreated)],
    [t('users.details.questsOngoing'), String(stats.questsOngoing)],
    [t('users.details.badgesEarned'), String(stats.badgesEarned)],
    [t('users.details.currentStreak'), t('users.details.streakDays', { count: stats.currentStreak })],
    [
      t('users.details.distanceExplored'),
      t('users.details.distanceKm', { km: stats.distanceExplored.toFixed(1) }),
    ],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={700} m={0}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
