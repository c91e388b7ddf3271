import { ONGOING_QUEST_LIMIT } from '@cityquest/contract';
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
import {
  type InfiniteData,
  useInfiniteQuery,
  useQueryErrorResetBoundary,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import { progressPercent, questQueries, useAbandonQuest } from '../../lib/quests/quest-api.ts';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import { confirmAction } from './confirm-action.tsx';
import { listPages, type MyQuestSearch, myQuestQueries, useDeleteQuest } from './my-quest-api.ts';
import { PagedCards } from './paged-cards.tsx';

/**
 * How far the Completed and My Created lists go, as the URL keeps it: 1 (the default) is the dashboard's quests,
 * each Show more adds a page of the list.
 */
type ListPage<T> = { quests: T[]; pagination: { hasNextPage: boolean } };
type ListQuery<T> = {
  data: InfiniteData<ListPage<T>, unknown> | undefined;
  error: Error | null;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

/**
 * A list that starts with the dashboard's quests (`first`, of `total`) and grows a page per Show more, up to the
 * `shown` the URL asks for. Quests a page repeats from the dashboard appear once.
 */
function listOf<T extends { _id: string }>(
  query: ListQuery<T>,
  first: T[],
  total: number,
  shown: number | undefined,
  onShownChange: (shown: number) => void,
) {
  const wanted = listPages(shown);
  const pages = query.data?.pages ?? [];
  const seen = new Set<string>();
  const items = [...first, ...pages.slice(0, wanted).flatMap((page) => page.quests)].filter(
    (item) => !seen.has(item._id) && Boolean(seen.add(item._id)),
  );
  const lastLoaded = pages.at(-1);
  const missing = pages.length < wanted && (!lastLoaded || lastLoaded.pagination.hasNextPage);
  const last = pages[Math.min(wanted, pages.length) - 1];
  return {
    items,
    hasMore: missing || (last ? last.pagination.hasNextPage : total > first.length),
    loading: missing && query.isFetching,
    error: query.isFetching ? null : query.error,
    showMore: () => {
      // A page the URL already asks for that failed or is loading: ask again rather than go further.
      if (missing) {
        void (query.data ? query.fetchNextPage() : query.refetch());
        return;
      }
      onShownChange(wanted + 2);
      // Pages seen before stay cached; a new one is fetched. The first one comes as the list turns on.
      if (query.data && pages.length === wanted) void query.fetchNextPage();
    },
  };
}

function MoreButton({ list, label }: { list: ReturnType<typeof listOf>; label: string }) {
  return (
    <>
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.hasMore && (
        <Group justify="center">
          <Button variant="light" loading={list.loading} onClick={list.showMore}>
            {label}
          </Button>
        </Group>
      )}
    </>
  );
}

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

/** The personal quest dashboard; `search` says how far its Completed and My Created lists go. */
export function MyQuestPage({
  search,
  onSearchChange,
}: {
  search: MyQuestSearch;
  onSearchChange: (change: MyQuestSearch) => void;
}) {
  const { t } = useTranslation('quests');
  const { t: tCreate } = useTranslation('create');
  const formatDate = useFormatDate();
  const { data: dashboard } = useSuspenseQuery(questQueries.dashboard());
  const { data: profile } = useSuspenseQuery(questQueries.myProfile());
  const abandonQuest = useAbandonQuest();
  const deleteQuest = useDeleteQuest(tCreate('myQuest.deleteFailed'));
  const [abandoned, setAbandoned] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  // Greeting: display name, else username, else full name, else 'Adventure Seeker'.
  const name = profile.displayName || profile.username || profile.fullName || t('myQuest.fallbackName');
  const ongoing = dashboard.ongoingQuests;
  const completed = listOf(
    useInfiniteQuery({ ...myQuestQueries.completed(), enabled: listPages(search.completed) > 0 }),
    dashboard.completedQuests,
    dashboard.stats.totalCompleted,
    search.completed,
    (shown) => onSearchChange({ completed: shown }),
  );
  const created = listOf(
    useInfiniteQuery({ ...myQuestQueries.created(), enabled: listPages(search.created) > 0 }),
    dashboard.userCreatedQuests,
    dashboard.stats.totalCreated,
    search.created,
    (shown) => onSearchChange({ created: shown }),
  );
  const canStart = Math.max(0, ONGOING_QUEST_LIMIT - ongoing.length);
  const confirmAbandon = (quest: { _id: string; title: string }) =>
    confirmAction({
      title: t('myQuest.abandon.title'),
      body: t('myQuest.abandon.body', { title: quest.title }),
      cancelLabel: t('myQuest.abandon.cancel'),
      confirmLabel: t('myQuest.abandon.confirm'),
      action: async () => {
        await abandonQuest.mutateAsync(quest._id);
        setAbandoned(quest.title);
      },
    });
  const confirmDelete = (quest: { _id: string; title: string }) =>
    confirmAction({
      title: tCreate('myQuest.deleteTitle'),
      body: tCreate('myQuest.deleteBody', { title: quest.title }),
      cancelLabel: tCreate('myQuest.cancel'),
      confirmLabel: tCreate('myQuest.confirmDelete'),
      closeLabel: tCreate('close'),
      action: async () => {
        await deleteQuest.mutateAsync(quest._id);
        setDeleted(quest.title);
      },
    });

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
              {t('myQuest.ongoing.counter', { count: ongoing.length, limit: ONGOING_QUEST_LIMIT })}
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
                            <Link
                              {...props}
                              to="/quest-in-progress/$questId"
                              params={{ questId: quest._id }}
                            />
                          )}
                        >
                          {t('continueQuest')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('myQuest.ongoing.abandonLabel', { title: quest.title })}
                          onClick={() => confirmAbandon(quest)}
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

        <Block id="created-title" title={t('myQuest.created.title')}>
          {deleted && (
            <Alert
              color="teal"
              variant="light"
              role="status"
              withCloseButton
              onClose={() => setDeleted(null)}
            >
              {tCreate('myQuest.deleted', { title: deleted })}
            </Alert>
          )}
          <PagedCards
            items={created.items}
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
                        onClick={() => confirmDelete(quest)}
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
          <MoreButton list={created} label={t('myQuest.created.loadMore')} />
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
          <MoreButton list={completed} label={t('myQuest.completed.loadMore')} />
        </Block>
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
