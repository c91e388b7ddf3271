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
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { Carousel } from '../../lib/quests/carousel.tsx';
import {
  getQuestDashboard,
  listFeaturedQuests,
  listPopularQuests,
  listQuests,
  progressPercent,
  type QuestSummary,
} from '../../lib/quests/quest-api.ts';
import { QuestLimitModal } from '../../lib/quests/quest-limit-modal.tsx';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import { StartQuestButton } from '../../lib/quests/start-quest-button.tsx';
import { useLoad } from '../../lib/quests/use-load.ts';
import { type QuestStarter, useStartQuest } from '../../lib/quests/use-start-quest.ts';
import { CategoryPanel } from './category-panel.tsx';
import { ExplorerHub } from './explorer-hub.tsx';
import classes from './home-page.module.css';
import { UpcomingEvents } from './upcoming-events.tsx';

// Home page sizes (explorer-and-visitor.md section 9): next adventure 4, featured 3, popular 4.
const NEXT_LIMIT = 4;
const FEATURED_LIMIT = 3;
const POPULAR_LIMIT = 4;

function QuestRow({
  id,
  title,
  aside,
  loading,
  error,
  onRetry,
  quests,
  empty,
  starter,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  quests: QuestSummary[];
  empty: string;
  starter: QuestStarter;
}) {
  const { t } = useTranslation('quests');
  let body: ReactNode;
  if (loading) body = <Skeleton h={280} radius="lg" aria-label={t('loading')} />;
  else if (error)
    body = (
      <ErrorState title={t('home.loadFailed')} message={error} onRetry={onRetry} retryLabel={t('tryAgain')} />
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

/** The signed-in home (explorer-and-visitor.md section 2, Home dashboard). */
export function HomeDashboard() {
  const { t, ready } = useTranslation('quests');
  const { t: tShell } = useTranslation();
  const user = useAuthStore((state) => state.userData);
  const starter = useStartQuest();
  const dashboard = useLoad(getQuestDashboard, 'Failed to fetch quest dashboard', 'dashboard');
  const next = useLoad(() => listQuests({ page: 1, limit: NEXT_LIMIT }), 'Failed to fetch quests', 'next');
  const featured = useLoad(
    () => listFeaturedQuests(FEATURED_LIMIT),
    'Failed to fetch featured quests',
    'featured',
  );
  const popular = useLoad(
    () => listPopularQuests(POPULAR_LIMIT),
    'Failed to fetch popular quests',
    'popular',
  );
  if (!user || !ready) return <Loader m="xl" aria-label={tShell('common.loading')} />;

  const ongoing = dashboard.data?.ongoingQuests ?? [];
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
              {dashboard.data && (
                <Badge size="lg" variant="white">
                  {t('home.completed', { count: dashboard.data.stats.totalCompleted })}
                </Badge>
              )}
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
          {dashboard.loading ? (
            <Skeleton h={160} radius="lg" aria-label={t('loading')} />
          ) : dashboard.error ? (
            <ErrorState
              title={t('home.loadFailed')}
              message={dashboard.error}
              onRetry={() => void dashboard.reload()}
              retryLabel={t('tryAgain')}
            />
          ) : first ? (
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
              {next.loading
                ? t('home.next.loading')
                : next.data
                  ? t('home.next.found', { count: next.data.quests.length })
                  : null}
            </Text>
          }
          loading={next.loading}
          error={next.error}
          onRetry={() => void next.reload()}
          quests={next.data?.quests ?? []}
          empty={t('home.next.empty')}
          starter={starter}
        />
        <QuestRow
          id="home-featured-title"
          title={t('home.featured.title')}
          loading={featured.loading}
          error={featured.error}
          onRetry={() => void featured.reload()}
          quests={featured.data ?? []}
          empty={t('home.featured.empty')}
          starter={starter}
        />
        <QuestRow
          id="home-popular-title"
          title={t('home.popular.title')}
          loading={popular.loading}
          error={popular.error}
          onRetry={() => void popular.reload()}
          quests={popular.data ?? []}
          empty={t('home.popular.empty')}
          starter={starter}
        />
        <QuestRow
          id="home-for-you-title"
          title={t('home.forYou.title')}
          loading={dashboard.loading}
          error={dashboard.error}
          onRetry={() => void dashboard.reload()}
          quests={dashboard.data?.recommendedQuests ?? []}
          empty={t('home.forYou.empty')}
          starter={starter}
        />

        <UpcomingEvents />
        <ExplorerHub activeQuests={dashboard.data ? ongoing.length : null} />
      </Stack>
      <QuestLimitModal opened={starter.limitReached} onClose={starter.closeLimit} />
    </Container>
  );
}
