import {
  CATEGORY_FILTERS,
  type CategoryFilter,
  QUEST_STATUS_FILTERS,
  type QuestStatusFilter,
  type Schema,
} from '@cityquest/contract';
import { shownTotal } from '@cityquest/shared-ui';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { ListPagination } from '@cityquest/web-client/ui/list-pagination';
import { ListScreen, ListSearchInput } from '@cityquest/web-client/ui/list-screen';
import { ListState } from '@cityquest/web-client/ui/list-state';
import { Alert, Modal, NativeSelect, Paper, SimpleGrid, Stack, Text, useModalsStack } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outdatedQuest, useApproveQuest, useReloadQuests } from '../../api/quest-decisions-api.ts';
import { useSearchText } from '../../hooks/use-search-text.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { useConfirmDeleteQuest } from './confirm-delete-quest.tsx';
import { ModerationQuestCard } from './moderation-quest-card.tsx';
import { QuestDetailsModal } from './quest-details-modal.tsx';
import { QuestEditModal } from './quest-edit-modal.tsx';
import { questTitle } from './quest-labels.ts';
import {
  type AdminQuest,
  adminQuestsQueries,
  MODERATION_PAGE_SIZE,
  type QuestListSearch,
} from './quests-api.ts';
import { RejectQuestModal } from './reject-quest-modal.tsx';

type Props = { search: QuestListSearch; onSearchChange: (change: QuestListSearch) => void };

/**
 * /admin/quests: every quest with search (debounced 300 ms), status and category filters, 50 a page, status
 * counts, and the approve, reject, edit and delete flows. The page, search and filters live in the address; any
 * filter change starts again at page 1.
 */
export function QuestsPage({ search, onSearchChange }: Props) {
  const { t } = useTranslation();
  const query = useQuery({ ...adminQuestsQueries.list(search), placeholderData: keepPreviousData });
  const list = useQueryStatus(query);
  const quests = query.data?.quests ?? [];
  const pagination = query.data?.pagination ?? null;
  const [searchText, setSearchText] = useSearchText(search.search ?? '', (text) =>
    onSearchChange({ search: text || undefined, page: undefined }),
  );
  const quickApprove = useApproveQuest();
  const queryClient = useQueryClient();
  const reloadQuests = useReloadQuests();
  const confirmDelete = useConfirmDeleteQuest();
  const modals = useModalsStack(['details', 'reject', 'edit']);
  const [selected, setSelected] = useState<AdminQuest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // While the delete confirmation is open, Escape closes it alone, not the details below it too.
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  // After any action the list shows page 1 with the current filters, reloaded by the action's own refresh
  // (docs/product-rules/admin-screens.md#quest-moderation-screen).
  function onChanged(quest: AdminQuest, done: 'approved' | 'rejected' | 'updated') {
    setSelected((current) => (current?._id === quest._id ? quest : current));
    setNotice(t(`moderation.done.${done}`, { title: questTitle(quest, t) }));
    onSearchChange({ page: undefined });
  }

  function open(kind: 'details' | 'reject', quest: AdminQuest) {
    setSelected(quest);
    setNotice(null);
    modals.closeAll();
    modals.open(kind);
  }

  function approve(quest: AdminQuest) {
    setNotice(null);
    quickApprove.mutate(quest, { onSuccess: (approved) => onChanged(approved, 'approved') });
  }

  // The details show the quest as it is now, or close when it has left this list (decided by someone else).
  async function reloadSelected(quest: AdminQuest) {
    await reloadQuests();
    const fresh = queryClient
      .getQueryData(adminQuestsQueries.list(search).queryKey)
      ?.quests.find((one) => one._id === quest._id);
    if (fresh) setSelected(fresh);
    else modals.closeAll();
  }

  function askToDelete(quest: AdminQuest) {
    setConfirmingDelete(true);
    confirmDelete(quest, {
      onClose: () => setConfirmingDelete(false),
      onDeleted: (deleted) => {
        modals.closeAll();
        setNotice(t('moderation.done.deleted', { title: questTitle(deleted, t) }));
        onSearchChange({ page: undefined });
      },
    });
  }

  return (
    <ListScreen
      title={t('moderation.title')}
      subtitle={t('moderation.subtitle')}
      filtersLabel={t('moderation.filters')}
      filters={
        <>
          <ListSearchInput
            label={t('moderation.search')}
            placeholder={t('moderation.searchPlaceholder')}
            value={searchText}
            onChange={setSearchText}
          />
          <NativeSelect
            label={t('moderation.status')}
            value={search.status ?? 'all'}
            onChange={(event) => {
              const status = event.currentTarget.value as QuestStatusFilter;
              onSearchChange({ status: status === 'all' ? undefined : status, page: undefined });
            }}
            data={QUEST_STATUS_FILTERS.map((value) => ({
              value,
              label: t(`moderation.statusOptions.${value}`),
            }))}
          />
          <NativeSelect
            label={t('moderation.category')}
            value={search.category ?? 'all'}
            onChange={(event) => {
              const category = event.currentTarget.value as CategoryFilter;
              onSearchChange({ category: category === 'all' ? undefined : category, page: undefined });
            }}
            data={CATEGORY_FILTERS.map((value) => ({
              value,
              label: value === 'all' ? t('moderation.allCategories') : t(`categories.${value}`),
            }))}
          />
        </>
      }
    >
      {query.data?.statusStats && <StatusCounts stats={query.data.statusStats} />}

      <ListState
        list={list}
        loaded={quests.length}
        labels={{
          error: t('moderation.error'),
          dismiss: t('moderation.dismiss'),
          retry: t('moderation.retry'),
          loading: t('moderation.loading'),
        }}
        empty={{
          title: t('moderation.empty'),
          description: t('moderation.emptyHint'),
          icon: <IconMapSearch size={28} aria-hidden="true" />,
        }}
        notices={
          <>
            {quickApprove.error && (
              <ErrorBanner
                title={t('moderation.error')}
                message={t('moderation.failed.approve', { message: quickApprove.error.message })}
                dismissLabel={t('moderation.dismiss')}
                onDismiss={quickApprove.reset}
                {...(outdatedQuest(quickApprove.error)
                  ? {
                      retryLabel: t('moderation.reload'),
                      onRetry: () => {
                        quickApprove.reset();
                        void reloadQuests();
                      },
                    }
                  : {})}
              />
            )}
            {notice && !modals.state.details && (
              <Alert
                color="green"
                variant="light"
                role="status"
                withCloseButton
                onClose={() => setNotice(null)}
              >
                {notice}
              </Alert>
            )}
          </>
        }
      >
        <Stack gap="sm" aria-busy={list.loading}>
          {pagination && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('moderation.found', {
                count: pagination.totalQuests,
                shown: shownTotal(pagination.totalQuests, pagination.totalCapped),
              })}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {quests.map((quest) => (
              <ModerationQuestCard
                key={quest._id}
                quest={quest}
                approving={quickApprove.isPending && quickApprove.variables._id === quest._id}
                onView={() => open('details', quest)}
                onApprove={() => approve(quest)}
                onReject={() => open('reject', quest)}
              />
            ))}
          </SimpleGrid>
          {pagination && (
            <ListPagination
              page={pagination.currentPage}
              totalPages={pagination.totalPages}
              totalItems={pagination.totalQuests}
              totalCapped={pagination.totalCapped}
              pageSize={MODERATION_PAGE_SIZE}
              onChange={(page) => onSearchChange({ page: page > 1 ? page : undefined })}
            />
          )}
        </Stack>
      </ListState>

      <Modal.Stack>
        <QuestDetailsModal
          quest={selected}
          modal={{ ...modals.register('details'), covered: confirmingDelete }}
          notice={notice}
          onDismissNotice={() => setNotice(null)}
          onApproved={(quest) => onChanged(quest, 'approved')}
          onReload={reloadSelected}
          onReject={() => modals.open('reject')}
          onEdit={() => modals.open('edit')}
          onDelete={() => selected && askToDelete(selected)}
        />
        <RejectQuestModal
          quest={selected}
          modal={modals.register('reject')}
          onRejected={(quest) => {
            modals.close('reject');
            onChanged(quest, 'rejected');
          }}
        />
        <QuestEditModal
          quest={selected}
          modal={modals.register('edit')}
          onSaved={(quest) => {
            modals.close('edit');
            onChanged(quest, 'updated');
          }}
        />
      </Modal.Stack>
    </ListScreen>
  );
}

function StatusCounts({ stats }: { stats: Schema<'QuestStatusStats'> }) {
  const { t } = useTranslation();
  const items = [
    ['total', stats.total, 'blue'],
    ['pending', stats.pending, 'yellow'],
    ['approved', stats.approved, 'green'],
    ['rejected', stats.rejected, 'red'],
  ] as const;
  return (
    <section aria-label={t('moderation.stats.label')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        {items.map(([key, value, color]) => (
          <Paper
            key={key}
            withBorder
            radius="md"
            p="sm"
            style={{ borderInlineStart: `4px solid var(--mantine-color-${color}-filled)` }}
          >
            <Text component="dt" size="sm" c="dimmed">
              {t(`moderation.stats.${key}`)}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
