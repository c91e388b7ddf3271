import { ErrorState, Stat } from '@cityquest/shared-ui';
import { Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFlame, IconPlus, IconStar, IconTrendingUp, IconTrophy } from '@tabler/icons-react';
import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import type { MyQuestSearch } from './my-quest-api.ts';
import { Block, CompletedSection, CreatedSection, OngoingSection } from './my-quest-sections.tsx';
import { PagedCards } from './paged-cards.tsx';

/** The personal quest dashboard; `search` says how far its Completed and My Created lists go. */
export function MyQuestPage({
  search,
  onSearchChange,
}: {
  search: MyQuestSearch;
  onSearchChange: (change: MyQuestSearch) => void;
}) {
  const { t } = useTranslation('quests');
  const formatDate = useFormatDate();
  const { data: dashboard } = useSuspenseQuery(questQueries.dashboard());
  const { data: profile } = useSuspenseQuery(questQueries.myProfile());
  // Greeting: display name, else username, else full name, else 'Adventure Seeker'.
  const name = profile.displayName || profile.username || profile.fullName || t('myQuest.fallbackName');
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Card radius="lg" p="xl" bg="var(--mantine-primary-color-light)">
          <Title order={1}>{t('myQuest.welcome', { name })}</Title>
          <Text c="dimmed" mt={4}>
            {profile.lastLogin
              ? t('myQuest.lastLogin', { date: formatDate(profile.lastLogin, true) })
              : t('myQuest.firstLogin')}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mt="lg" aria-label={t('myQuest.stats.label')}>
            <Stat
              size="md"
              icon={<IconTrendingUp aria-hidden="true" />}
              label={t('myQuest.stats.level')}
              value={profile.level}
            />
            <Stat
              size="md"
              icon={<IconStar aria-hidden="true" />}
              label={t('myQuest.stats.totalXp')}
              value={profile.totalXP}
            />
            <Stat
              size="md"
              icon={<IconTrophy aria-hidden="true" />}
              label={t('myQuest.stats.completed')}
              value={profile.questsCompleted}
            />
            <Stat
              size="md"
              icon={<IconFlame aria-hidden="true" />}
              label={t('myQuest.stats.streak')}
              value={profile.currentStreak}
            />
          </SimpleGrid>
        </Card>

        <OngoingSection ongoing={dashboard.ongoingQuests} />

        <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="create-cta-title">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={2} id="create-cta-title">
                {t('myQuest.create.title')}
              </Title>
              <Text c="dimmed">{t('myQuest.create.body')}</Text>
            </div>
            <Button
              component={Link}
              to="/create-quest"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              {t('myQuest.create.button')}
            </Button>
          </Group>
        </Card>

        <Block id="recommended-title" title={t('myQuest.recommended.title')}>
          <PagedCards
            items={dashboard.recommendedQuests}
            section={t('myQuest.recommended.title')}
            empty={t('myQuest.recommended.empty')}
            render={(quest) => <QuestSummaryCard key={quest._id} quest={quest} />}
          />
        </Block>

        <CreatedSection
          first={dashboard.userCreatedQuests}
          total={dashboard.stats.totalCreated}
          shown={search.created}
          onShownChange={(shown) => onSearchChange({ created: shown })}
        />

        <CompletedSection
          first={dashboard.completedQuests}
          total={dashboard.stats.totalCompleted}
          shown={search.completed}
          onShownChange={(shown) => onSearchChange({ completed: shown })}
        />
      </Stack>
    </Container>
  );
}

/** While the dashboard loads. */
export function MyQuestLoading() {
  const { t } = useTranslation('quests');
  return (
    <Container size="xl" py="xl">
      <Stack align="center" py="xl" role="status">
        <Loader />
        <Text>{t('myQuest.loading')}</Text>
      </Stack>
    </Container>
  );
}

/** The dashboard failed to load: the reason, and Retry, which loads the page again. */
export function MyQuestError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('quests');
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  return (
    <Container size="xl" py="xl">
      <ErrorState
        title={t('myQuest.error', { error: error instanceof Error ? error.message : '' })}
        onRetry={() => void router.invalidate()}
        retryLabel={t('retry')}
      />
    </Container>
  );
}
