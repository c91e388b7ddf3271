import { EmptyState, ErrorState } from '@cityquest/shared-ui';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { Carousel } from '../../lib/quests/carousel.tsx';
import { progressPercent, type QuestSummary, questQueries } from '../../lib/quests/quest-api.ts';
import { QuestLimitModal } from '../../lib/quests/quest-limit-modal.tsx';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import {
  type QuestStarter,
  StartQuestButton,
  useQuestStarter,
} from '../../lib/quests/start-quest-button.tsx';
import { CategoryPanel } from './category-panel.tsx';
import { ExplorerHub } from './explorer-hub.tsx';
import { homeRows } from './home-api.ts';
import classes from './home-page.module.css';
import { UpcomingEvents } from './upcoming-events.tsx';

function QuestRow({
  id,
  title,
  aside,
  loading = false,
  error = null,
  onRetry,
  quests,
  empty,
  starter,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  quests: QuestSummary[];
  empty: string;
  starter: QuestStarter;
}) {
  const { t } = useTranslation('quests');
  let body: ReactNode;
  if (loading) body = <Skeleton h={280} radius="lg" aria-label={t('loading')} />;
  else if (error)
    body = (
      <ErrorState
        title={t('home.loadFailed')}
        message={error.message}
        onRetry={onRetry}
        retryLabel={t('tryAgain')}
      />
    );
  else if (quests.length === 0) body = <Text c="dimmed">{empty}</Text>;
  else
    body = (
      <Carousel label={title}>
        {quests.map((quest) => (
          <QuestSummaryCard
            key={quest._id}
            quest={quest}
            actions={<StartQuestButton quest={quest} starter={starter} />}
          />
        ))}
      </Carousel>
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline">
        <Title order={2} id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {body}
    </Stack>
  );
}

/** The signed-in home (docs/product-rules/explorer-screens.md#home-dashboard). */
export function HomeDashboard() {
  const { t, ready } = useTranslation('quests');
  const { t: tShell } = useTranslation();
  const user = useUser();
  const starter = useQuestStarter();
  const { data: dashboard } = useSuspenseQuery(questQueries.dashboard());
  const next = useQuery(homeRows.next());
  const featured = useQuery(homeRows.featured());
  const popular = useQuery(homeRows.popular());
  if (!user || !ready) return <Loader m="xl" aria-label={tShell('common.loading')} />;

  const ongoing = dashboard.ongoingQuests;
  const first = ongoing[0];

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Card className={classes.welcome} radius="lg" p="xl">
          <Stack gap="sm">
            <Title order={1} c="white">
              {t('home.welcome', { name: user.username })}
            </Title>
            <Group gap="xs">
              <Badge size="lg" variant="white">
                {t('home.level', { level: user.level })}
              </Badge>
              <Badge size="lg" variant="white">
                {user.rank}
              </Badge>
              <Badge size="lg" variant="white">
                {t('xp', { xp: user.xp })}
              </Badge>
              <Badge size="lg" variant="white">
                {t('home.completed', { count: dashboard.stats.totalCompleted })}
              </Badge>
            </Group>
            <Group>
              <Button component={Link} to="/explore" variant="white">
                {t('home.startAdventure')}
              </Button>
            </Group>
          </Stack>
        </Card>

        {starter.failed && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={starter.dismissFailure}>
            {t('startFailed')}
          </Alert>
        )}

        <Stack gap="sm" component="section" aria-labelledby="home-ongoing-title">
          <Group justify="space-between" align="baseline">
            <Title order={2} id="home-ongoing-title">
              {t('home.ongoing.title')}
            </Title>
            {ongoing.length > 0 && (
              <Group gap="sm">
                <Badge variant="light">{t('home.ongoing.inProgress', { count: ongoing.length })}</Badge>
                <Button component={Link} to="/my-quest" variant="subtle" size="xs">
                  {t('viewAll')}
                </Button>
              </Group>
            )}
          </Group>
          {first ? (
            <Box maw={420}>
              <QuestSummaryCard
                quest={first.quest_id}
                actions={
                  <Button
                    size="xs"
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/quest-in-progress/$questId"
                        params={{ questId: first.quest_id._id }}
                      />
                    )}
                  >
                    {t('continueQuest')}
                  </Button>
                }
              >
                <Progress
                  value={progressPercent(first)}
                  aria-label={t('home.ongoing.progressLabel', { title: first.quest_id.title })}
                />
                <Text size="xs" c="dimmed">
                  {t('home.ongoing.progress', { progress: progressPercent(first) })}
                </Text>
              </QuestSummaryCard>
            </Box>
          ) : (
            <EmptyState
              title={t('home.ongoing.emptyTitle')}
              description={t('home.ongoing.emptyBody')}
              action={
                <Button component={Link} to="/explore">
                  {t('home.ongoing.explore')}
                </Button>
              }
            />
          )}
        </Stack>

        <CategoryPanel />

        <QuestRow
          id="home-next-title"
          title={t('home.next.title')}
          aside={
            <Text c="dimmed" size="sm" role="status">
              {next.isPending
                ? t('home.next.loading')
                : next.data
                  ? t('home.next.found', { count: next.data.quests.length })
                  : null}
            </Text>
          }
          loading={next.isPending}
          error={next.error}
          onRetry={() => void next.refetch()}
          quests={next.data?.quests ?? []}
          empty={t('home.next.empty')}
          starter={starter}
        />
        <QuestRow
          id="home-featured-title"
          title={t('home.featured.title')}
          loading={featured.isPending}
          error={featured.error}
          onRetry={() => void featured.refetch()}
          quests={featured.data ?? []}
          empty={t('home.featured.empty')}
          starter={starter}
        />
        <QuestRow
          id="home-popular-title"
          title={t('home.popular.title')}
          loading={popular.isPending}
          error={popular.error}
          onRetry={() => void popular.refetch()}
          quests={popular.data ?? []}
          empty={t('home.popular.empty')}
          starter={starter}
        />
        <QuestRow
          id="home-for-you-title"
          title={t('home.forYou.title')}
          quests={dashboard.recommendedQuests}
          empty={t('home.forYou.empty')}
          starter={starter}
        />

        <UpcomingEvents />
        <ExplorerHub activeQuests={ongoing.length} />
      </Stack>
      <QuestLimitModal opened={starter.limitReached} onClose={starter.closeLimit} />
    </Container>
  );
}
