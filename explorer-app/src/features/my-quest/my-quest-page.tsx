import { ErrorState, StatusBadge } from '@cityquest/shared-ui';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFlame, IconPlus, IconStar, IconTrendingUp, IconTrophy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import {
  getMyProfile,
  getQuestDashboard,
  listCompletedQuests,
  listMyCreatedQuests,
  type MyProfile,
  ONGOING_LIMIT,
  progressPercent,
  type QuestDashboard,
} from '../../lib/quests/quest-api.ts';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import { useLoad } from '../../lib/quests/use-load.ts';
import { AbandonQuestModal } from './abandon-quest-modal.tsx';
import { DeleteQuestModal } from './delete-quest-modal.tsx';
import { PagedCards } from './paged-cards.tsx';
import { useMorePages } from './use-more-pages.ts';

const COMPLETED_PAGE = 20;
const CREATED_PAGE = 10;

function MoreButton({ more, label }: { more: ReturnType<typeof useMorePages>; label: string }) {
  return (
    <>
      {more.error && (
        <Alert color="red" variant="light" role="alert">
          {more.error}
        </Alert>
      )}
      {more.hasMore && (
        <Group justify="center">
          <Button variant="light" loading={more.loading} onClick={() => void more.loadMore()}>
            {label}
          </Button>
        </Group>
      )}
    </>
  );
}

type Loaded = { dashboard: QuestDashboard; profile: MyProfile };

const loadMyQuests = async (): Promise<Loaded> => {
  const [dashboard, profile] = await Promise.all([getQuestDashboard(), getMyProfile()]);
  return { dashboard, profile };
};

function Block({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline">
        <Title order={2} id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap">
        {icon}
        <div>
          <Text fz="xl" fw={800} lh={1.1}>
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function MyQuests({ data, onAbandoned }: { data: Loaded; onAbandoned: (questId: string) => void }) {
  const { t } = useTranslation('quests');
  const { t: tCreate } = useTranslation('create');
  const formatDate = useFormatDate();
  const [abandoning, setAbandoning] = useState<{ _id: string; title: string } | null>(null);
  const [abandoned, setAbandoned] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ _id: string; title: string } | null>(null);
  const [deleted, setDeleted] = useState<{ ids: string[]; last: string | null }>({ ids: [], last: null });
  const { dashboard, profile } = data;
  // Greeting: display name, else username, else full name, else 'Adventure Seeker' (section 2, My Quest).
  const name = profile.displayName || profile.username || profile.fullName || t('myQuest.fallbackName');
  const ongoing = dashboard.ongoingQuests;
  const completed = useMorePages(dashboard.completedQuests, dashboard.stats.totalCompleted, (page) =>
    listCompletedQuests(page, COMPLETED_PAGE),
  );
  const created = useMorePages(dashboard.userCreatedQuests, dashboard.stats.totalCreated, (page) =>
    listMyCreatedQuests(page, CREATED_PAGE),
  );
  const canStart = Math.max(0, ONGOING_LIMIT - ongoing.length);

  return (
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
            icon={<IconTrendingUp aria-hidden="true" />}
            label={t('myQuest.stats.level')}
            value={profile.level}
          />
          <Stat
            icon={<IconStar aria-hidden="true" />}
            label={t('myQuest.stats.totalXp')}
            value={profile.totalXP}
          />
          <Stat
            icon={<IconTrophy aria-hidden="true" />}
            label={t('myQuest.stats.completed')}
            value={profile.questsCompleted}
          />
          <Stat
            icon={<IconFlame aria-hidden="true" />}
            label={t('myQuest.stats.streak')}
            value={profile.currentStreak}
          />
        </SimpleGrid>
      </Card>

      <Block
        id="my-ongoing-title"
        title={t('myQuest.ongoing.title')}
        aside={
          <Badge size="lg" variant="light" color={canStart === 0 ? 'red' : 'teal'}>
            {t('myQuest.ongoing.counter', { count: ongoing.length, limit: ONGOING_LIMIT })}
          </Badge>
        }
      >
        <Text size="sm" c="dimmed">
          {canStart > 0 ? t('myQuest.ongoing.canStart', { count: canStart }) : t('myQuest.ongoing.full')}
        </Text>
        {abandoned && (
          <Alert
            color="teal"
            variant="light"
            role="status"
            withCloseButton
            onClose={() => setAbandoned(null)}
          >
            {t('myQuest.abandon.done', { title: abandoned })}
          </Alert>
        )}
        {ongoing.length === 0 ? (
          <Group>
            <Text c="dimmed">{t('myQuest.ongoing.empty')}</Text>
            <Button component={Link} to="/explore" variant="light">
              {t('myQuest.ongoing.explore')}
            </Button>
          </Group>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {ongoing.map((record) => {
              const quest = record.quest_id;
              const percent = progressPercent(record);
              return (
                <QuestSummaryCard
                  key={record._id}
                  quest={quest}
                  actions={
                    <>
                      <Button
                        size="xs"
                        renderRoot={(props) => (
                          <Link {...props} to="/quest-in-progress/$questId" params={{ questId: quest._id }} />
                        )}
                      >
                        {t('continueQuest')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('myQuest.ongoing.abandonLabel', { title: quest.title })}
                        onClick={() => setAbandoning({ _id: quest._id, title: quest.title })}
                      >
                        {t('myQuest.ongoing.abandon')}
                      </Button>
                    </>
                  }
                >
                  <Progress
                    value={percent}
                    aria-label={t('home.ongoing.progressLabel', { title: quest.title })}
                  />
                  <Text size="xs" c="dimmed">
                    {t('home.ongoing.progress', { progress: percent })}
                  </Text>
                </QuestSummaryCard>
              );
            })}
          </SimpleGrid>
        )}
      </Block>

      <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="create-cta-title">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} id="create-cta-title">
              {t('myQuest.create.title')}
            </Title>
            <Text c="dimmed">{t('myQuest.create.body')}</Text>
          </div>
          <Button component={Link} to="/create-quest" leftSection={<IconPlus size={18} aria-hidden="true" />}>
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

      <Block id="created-title" title={t('myQuest.created.title')}>
        {deleted.last && (
          <Alert
            color="teal"
            variant="light"
            role="status"
            withCloseButton
            onClose={() => setDeleted((current) => ({ ...current, last: null }))}
          >
            {tCreate('myQuest.deleted', { title: deleted.last })}
          </Alert>
        )}
        <PagedCards
          items={created.items.filter((quest) => !deleted.ids.includes(quest._id))}
          section={t('myQuest.created.title')}
          empty={t('myQuest.created.empty')}
          render={(quest) => (
            <QuestSummaryCard
              key={quest._id}
              quest={quest}
              badges={
                <>
                  <StatusBadge status={quest.status} label={t(`status.${quest.status}`)} />
                  <Badge variant="outline" size="sm">
                    {t('myQuest.created.participants', { count: quest.participants ?? 0 })}
                  </Badge>
                </>
              }
              actions={
                // Creators edit and delete their quests only until an admin approves them.
                (quest.status === 'pending' || quest.status === 'rejected') && (
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      renderRoot={(props) => (
                        <Link {...props} to="/edit-quest/$questId" params={{ questId: quest._id }} />
                      )}
                      aria-label={tCreate('myQuest.editLabel', { title: quest.title })}
                    >
                      {tCreate('myQuest.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={tCreate('myQuest.deleteLabel', { title: quest.title })}
                      onClick={() => setDeleting({ _id: quest._id, title: quest.title })}
                    >
                      {tCreate('myQuest.delete')}
                    </Button>
                  </>
                )
              }
            >
              <Text size="xs" c="dimmed">
                {t('myQuest.created.createdOn', { date: formatDate(quest.createdAt) })}
              </Text>
              {quest.status === 'rejected' && quest.rejectionReason && (
                <Text size="xs" c="red">
                  {t('myQuest.created.rejected', { reason: quest.rejectionReason })}
                </Text>
              )}
            </QuestSummaryCard>
          )}
        />
        <MoreButton more={created} label={t('myQuest.created.loadMore')} />
      </Block>

      <Block id="completed-title" title={t('myQuest.completed.title')}>
        {completed.items.length === 0 ? (
          <Text c="dimmed">{t('myQuest.completed.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {completed.items.map((record) => (
              <QuestSummaryCard
                key={record._id}
                quest={record.quest_id}
                badges={
                  <Badge color="teal" size="sm">
                    {t('myQuest.completed.tag')}
                  </Badge>
                }
              >
                {record.completedAt && (
                  <Text size="xs" c="dimmed">
                    {t('myQuest.completed.on', { date: formatDate(record.completedAt) })}
                  </Text>
                )}
              </QuestSummaryCard>
            ))}
          </SimpleGrid>
        )}
        <MoreButton more={completed} label={t('myQuest.completed.loadMore')} />
      </Block>

      <DeleteQuestModal
        quest={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(quest) =>
          setDeleted((current) => ({ ids: [...current.ids, quest._id], last: quest.title }))
        }
      />
      <AbandonQuestModal
        quest={abandoning}
        onClose={() => setAbandoning(null)}
        onAbandoned={(questId) => {
          setAbandoned(abandoning?.title ?? null);
          onAbandoned(questId);
        }}
      />
    </Stack>
  );
}

/** The personal quest dashboard (explorer-and-visitor.md section 2, /my-quest). */
export function MyQuestPage() {
  const { t } = useTranslation('quests');
  const { data, loading, error, reload, setData } = useLoad(
    loadMyQuests,
    'Failed to fetch quest dashboard',
    'my-quests',
  );
  const onAbandoned = (questId: string) =>
    setData((current) =>
      current
        ? {
            ...current,
            dashboard: {
              ...current.dashboard,
              ongoingQuests: current.dashboard.ongoingQuests.filter(
                (record) => record.quest_id._id !== questId,
              ),
              stats: {
                ...current.dashboard.stats,
                totalOngoing: Math.max(0, current.dashboard.stats.totalOngoing - 1),
              },
            },
          }
        : current,
    );
  return (
    <Container size="xl" py="xl">
      {loading && !data ? (
        <Stack align="center" py="xl" role="status">
          <Loader />
          <Text>{t('myQuest.loading')}</Text>
        </Stack>
      ) : error || !data ? (
        <ErrorState
          title={t('myQuest.error', { error: error ?? '' })}
          onRetry={() => void reload()}
          retryLabel={t('retry')}
        />
      ) : (
        <MyQuests data={data} onAbandoned={onAbandoned} />
      )}
    </Container>
  );
}
