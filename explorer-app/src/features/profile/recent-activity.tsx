import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileQuestCard } from './profile-quest-card.tsx';
import { recentActivity } from './profile-quests.ts';
import { profileQuestQueries } from './profile-quests-api.ts';

/** The own profile's Recent Activity (docs/product-rules/explorer-screens.md#profile). */
export function RecentActivity() {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const ongoing = useQuery(profileQuestQueries.ongoing());
  const completed = useQuery(profileQuestQueries.latestCompleted());
  const error = ongoing.error ?? completed.error;
  let body: ReactNode;
  if (error) body = <Alert color="red">{error.message}</Alert>;
  else if (!ongoing.data || !completed.data) body = <Text c="dimmed">{t('loading')}</Text>;
  else {
    const recent = recentActivity(ongoing.data, completed.data.quests);
    body =
      recent.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text>{t('recent.none')}</Text>
          <Button component={Link} to="/explore">
            {t('recent.start')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {recent.map((progress) => (
            <ProfileQuestCard key={progress._id} progress={progress} />
          ))}
        </SimpleGrid>
      );
  }
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {t('recent.title')}
      </Title>
      {body}
    </Stack>
  );
}
