import { ErrorState } from '@cityquest/shared-ui';
import {
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAward, IconMapPin, IconRoute } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../lib/quests/use-load.ts';
import { NavigationPanel } from './navigation-panel.tsx';
import { ProofOfCompletion } from './proof-of-completion.tsx';
import { QuestHints, QuestRewards, QuestTips } from './quest-guide-panels.tsx';
import { QuestObjectives } from './quest-objectives.tsx';
import { loadQuestPlay, mappedStops, type QuestPlay, routeStops } from './quest-play-api.ts';
import { QuestPlayMap } from './quest-play-map.tsx';
import { useDirections } from './use-directions.ts';
import { useLiveTracking } from './use-live-tracking.ts';

function QuestHeader({ quest, progress }: QuestPlay) {
  const { t } = useTranslation('play');
  const complete = progress.progress >= 100;
  const stops = mappedStops(routeStops(quest)).length;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="header">
      <Stack gap="md">
        <Group gap="xs">
          {progress.status === 'completed' ? (
            <Badge color="teal" variant="filled">
              {t('header.completed')}
            </Badge>
          ) : (
            <Badge color="green" variant="dot">
              {t('header.active')}
            </Badge>
          )}
          <Badge variant="light">{t(`category.${quest.category}`)}</Badge>
        </Group>
        <Title order={1}>{quest.title}</Title>
        <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {quest.description}
        </Text>
        <Group gap="lg">
          <Group gap={6}>
            <IconRoute size={18} aria-hidden="true" />
            <Text size="sm">{t('header.waypoints', { count: stops })}</Text>
          </Group>
          <Group gap={6}>
            <IconAward size={18} aria-hidden="true" />
            <Text size="sm">{t('header.xpReward', { xp: quest.xp })}</Text>
          </Group>
          <Group gap={6}>
            <IconMapPin size={18} aria-hidden="true" />
            <Text size="sm">{quest.city || t('locationNotSpecified')}</Text>
          </Group>
        </Group>
        <Stack gap={6}>
          <Group justify="space-between" align="baseline">
            <Text fw={600}>{t('header.overall')}</Text>
            <Group gap="xs" align="baseline">
              <Text fw={700} size="xl">
                {t('header.percent', { progress: progress.progress })}
              </Text>
              <Badge color={complete ? 'teal' : 'blue'} variant="light">
                {complete ? t('header.complete') : t('header.inProgress')}
              </Badge>
            </Group>
          </Group>
          <Progress
            value={progress.progress}
            size="lg"
            radius="xl"
            color={complete ? 'teal' : undefined}
            aria-label={t('header.progressLabel', { title: quest.title })}
          />
          <Text size="sm" c="dimmed">
            {t('header.tasksDone', { done: progress.completed_tasks.length, total: progress.total_tasks })}
          </Text>
          {progress.status === 'completed' ? (
            <Text size="sm" c="teal" fw={600}>
              {t('header.finished', { xp: progress.xpEarned })}
            </Text>
          ) : (
            complete && <Text size="sm">{t('header.awaitingReview')}</Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

function QuestInProgress({ play }: { play: QuestPlay }) {
  const { quest, progress } = play;
  const stops = useMemo(() => routeStops(quest), [quest]);
  const points = useMemo(() => mappedStops(stops), [stops]);
  const directions = useDirections(points);
  const tracking = useLiveTracking();
  return (
    <Stack gap="lg">
      <QuestHeader quest={quest} progress={progress} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <QuestPlayMap
              title={quest.title}
              stops={points}
              directions={directions}
              position={tracking.fix}
              fallbackCentre={quest.location}
            />
            <NavigationPanel stops={stops} directions={directions} tracking={tracking} />
            <QuestObjectives quest={quest} progress={progress} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <ProofOfCompletion quest={quest} progress={progress} />
            <QuestHints quest={quest} progress={progress} />
            <QuestRewards quest={quest} progress={progress} />
            <QuestTips quest={quest} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function LoadingSkeleton() {
  const { t } = useTranslation('play');
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
      <Skeleton h={220} radius="lg" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton h={320} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </SimpleGrid>
      <Skeleton h={160} radius="lg" />
    </Stack>
  );
}

/** Quest in progress (explorer-and-visitor.md section 2, /quest-in-progress/{questId}). */
export function QuestInProgressPage({ questId }: { questId: string }) {
  const { t } = useTranslation('play');
  const play = useLoad(() => loadQuestPlay(questId), 'Failed to fetch quest', questId);

  let body: ReactNode;
  if (play.loading) {
    body = <LoadingSkeleton />;
  } else if (play.error) {
    body = (
      <ErrorState
        title={t('loadError', { error: play.error })}
        onRetry={() => void play.reload()}
        retryLabel={t('retry')}
      />
    );
  } else if (!play.data) {
    body = <ErrorState title={t('notFound')} />;
  } else {
    return (
      <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <QuestInProgress key={play.data.quest._id} play={play.data} />
      </Container>
    );
  }
  return (
    <Container size="xl" py="xl">
      {body}
      {!play.loading && (
        <Group justify="center" mt="md">
          <Button component={Link} to="/quest" variant="default" size="md">
            {t('backToQuests')}
          </Button>
        </Group>
      )}
    </Container>
  );
}
