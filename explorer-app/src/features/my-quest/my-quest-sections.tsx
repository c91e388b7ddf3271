import { ONGOING_QUEST_LIMIT } from '@cityquest/contract';
import { StatusBadge } from '@cityquest/shared-ui';
import { useConfirmAction } from '@cityquest/web-client/ui/confirm-action';
import { Alert, Badge, Button, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import { progressPercent, type QuestDashboard, useAbandonQuest } from '../../lib/quests/quest-api.ts';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import { listPages, myQuestQueries, useDeleteQuest } from './my-quest-api.ts';
import { listOf, MoreButton } from './my-quest-list.tsx';
import { PagedCards } from './paged-cards.tsx';

export function Block({
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

/** The quests under way, with their progress, Continue and Abandon (after a confirm). */
export function OngoingSection({ ongoing }: { ongoing: QuestDashboard['ongoingQuests'] }) {
  const { t } = useTranslation('quests');
  const abandonQuest = useAbandonQuest();
  const confirmAction = useConfirmAction();
  const [abandoned, setAbandoned] = useState<string | null>(null);
  const canStart = Math.max(0, ONGOING_QUEST_LIMIT - ongoing.length);
  const confirmAbandon = (quest: { _id: string; title: string }) =>
    confirmAction({
      title: t('myQuest.abandon.title'),
      body: t('myQuest.abandon.body', { title: quest.title }),
      confirmLabel: t('myQuest.abandon.confirm'),
      onConfirm: async () => {
        await abandonQuest.mutateAsync(quest._id);
        setAbandoned(quest.title);
      },
    });
  return (
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
        <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setAbandoned(null)}>
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
  );
}

type ListProps = {
  first: QuestDashboard['userCreatedQuests'];
  total: number;
  shown: number | undefined;
  onShownChange: (shown: number) => void;
};

/** The explorer's own quests, growing a page per Show more; pending and rejected ones can be edited or deleted. */
export function CreatedSection({ first, total, shown, onShownChange }: ListProps) {
  const { t } = useTranslation('quests');
  const { t: tCreate } = useTranslation('create');
  const formatDate = useFormatDate();
  const deleteQuest = useDeleteQuest(tCreate('myQuest.deleteFailed'));
  const [deleted, setDeleted] = useState<string | null>(null);
  const confirmAction = useConfirmAction();
  const created = listOf(
    useInfiniteQuery({ ...myQuestQueries.created(), enabled: listPages(shown) > 0 }),
    first,
    total,
    shown,
    onShownChange,
  );
  const confirmDelete = (quest: { _id: string; title: string }) =>
    confirmAction({
      title: tCreate('myQuest.deleteTitle'),
      body: tCreate('myQuest.deleteBody', { title: quest.title }),
      confirmLabel: tCreate('myQuest.confirmDelete'),
      onConfirm: async () => {
        await deleteQuest.mutateAsync(quest._id);
        setDeleted(quest.title);
      },
    });
  return (
    <Block id="created-title" title={t('myQuest.created.title')}>
      {deleted && (
        <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setDeleted(null)}>
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
  );
}

/** The quests the explorer finished, growing a page per Show more. */
export function CompletedSection({
  first,
  total,
  shown,
  onShownChange,
}: Omit<ListProps, 'first'> & { first: QuestDashboard['completedQuests'] }) {
  const { t } = useTranslation('quests');
  const formatDate = useFormatDate();
  const completed = listOf(
    useInfiniteQuery({ ...myQuestQueries.completed(), enabled: listPages(shown) > 0 }),
    first,
    total,
    shown,
    onShownChange,
  );
  return (
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
  );
}
