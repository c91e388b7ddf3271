import type { MapPoint } from '@cityquest/shared-ui';
import { Badge, Card, Container, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconMapPin, IconRoute } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type QueuedProofView,
  queuedProofQueries,
  useProofSender,
} from '../../lib/offline/proof-queue-api.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { NavigationPanel } from './navigation-panel.tsx';
import { OfflineBanner } from './offline-notices.tsx';
import { useKeepQuestPlay } from './offline-quest-play.ts';
import { ProofOfCompletion } from './proof-of-completion.tsx';
import { QuestHints, QuestRewards, QuestTips } from './quest-guide-panels.tsx';
import { QuestObjectives } from './quest-objectives.tsx';
import { mappedStops, type QuestPlay, questPlayQueries, routeStops } from './quest-play-api.ts';
import { QuestPlayMap } from './quest-play-map.tsx';
import { useLiveTracking } from './use-live-tracking.ts';
import { useShareLivePosition } from './use-share-live-position.ts';

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

/**
 * The server's walking route through the stops. A failure is only logged
 * (docs/product-rules/maps-and-location.md#walking-directions): the page then draws straight lines between
 * the stops.
 */
function useWalkingRoute(points: readonly MapPoint[]) {
  const { data, error } = useQuery(questPlayQueries.directions(points));
  useEffect(() => {
    if (error) console.warn('Walking directions failed:', error);
  }, [error]);
  return data ?? null;
}

type QuestInProgressProps = QuestPlay & { queued: readonly QueuedProofView[]; savedAt: number };

function QuestInProgress({ quest, progress, queued, savedAt }: QuestInProgressProps) {
  const stops = useMemo(() => routeStops(quest), [quest]);
  const points = useMemo(() => mappedStops(stops), [stops]);
  const directions = useWalkingRoute(points);
  useKeepQuestPlay({ quest, progress, directions }, savedAt);
  const tracking = useLiveTracking();
  const { sharing } = useShareLivePosition(quest._id, tracking, { enabled: progress.status === 'ongoing' });
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
            <NavigationPanel stops={stops} directions={directions} tracking={tracking} sharing={sharing} />
            <QuestObjectives quest={quest} progress={progress} queued={queued} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <ProofOfCompletion quest={quest} progress={progress} queued={queued} />
            <QuestHints quest={quest} progress={progress} />
            <QuestRewards quest={quest} progress={progress} />
            <QuestTips quest={quest} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Quest in progress (docs/product-rules/explorer-screens.md#quest-in-progress); the route loads the quest,
 * the explorer's progress on it and the proofs still on this device, or the copy kept on the device when the
 * server cannot be reached (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection).
 */
export function QuestInProgressPage({ questId }: { questId: string }) {
  const { data: quest, error: questError } = useSuspenseQuery(questQueries.detail(questId));
  const progressQuery = useSuspenseQuery(questPlayQueries.progress(questId));
  const { data: queued } = useSuspenseQuery(queuedProofQueries.forQuest(questId));
  // Proofs queued on this device go out while the quest is open (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
  useProofSender();
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <OfflineBanner errors={[questError, progressQuery.error]} />
        <QuestInProgress
          key={quest._id}
          quest={quest}
          progress={progressQuery.data}
          queued={queued}
          savedAt={progressQuery.dataUpdatedAt}
        />
      </Stack>
    </Container>
  );
}
