import type { Schema } from '@cityquest/openapi';
import {
  Alert,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useModalsStack,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapSearch, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import { ListPagination } from '../../lib/list-pagination.tsx';
import { ListState } from '../../lib/list-state.tsx';
import { DeleteQuestModal } from './delete-quest-modal.tsx';
import { ModerationQuestCard } from './moderation-quest-card.tsx';
import { QuestDetailsModal } from './quest-details-modal.tsx';
import { QuestEditModal } from './quest-edit-modal.tsx';
import { questTitle } from './quest-labels.ts';
import {
  type AdminQuest,
  CATEGORIES,
  type CategoryFilter,
  MODERATION_PAGE_SIZE,
  questsApi,
  STATUSES,
  type StatusFilter,
} from './quests-api.ts';
import { RejectQuestModal } from './reject-quest-modal.tsx';
import { useAdminQuests } from './use-admin-quests.ts';
import { useQuestAction } from './use-quest-action.ts';

const STATUS_FILTERS: StatusFilter[] = ['all', ...STATUSES];
const CATEGORY_FILTERS: CategoryFilter[] = ['all', ...CATEGORIES];

/**
 * /admin/quests: every quest with search (debounced 300 ms), status and category filters, 50 a page, status
 * counts, and the approve, reject, edit and delete flows.
 */
export function QuestsPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [pageState, setPageState] = useState({ page: 1, key: '' });
  // Any filter change starts again at page 1.
  const filterKey = `${search.trim()}|${status}|${category}`;
  const page = pageState.key === filterKey ? pageState.page : 1;
  const list = useAdminQuests({ page, search, status, category });
  const quick = useQuestAction();
  const modals = useModalsStack(['details', 'reject', 'edit', 'delete']);
  const [selected, setSelected] = useState<AdminQuest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // An action may end after the filters or the page changed: the reload uses the ones shown by then.
  const latest = useRef({ page, reload: list.reload });
  useEffect(() => {
    latest.current = { page, reload: list.reload };
  });

  // After any action the list reloads at page 1 with the current filters (admin-and-moderation.md section 7).
  function reloadFirstPage() {
    if (latest.current.page === 1) void latest.current.reload();
    else setPageState({ page: 1, key: '' });
  }

  function onChanged(quest: AdminQuest, done: 'approved' | 'rejected' | 'updated') {
    setSelected((current) => (current?._id === quest._id ? quest : current));
    setNotice(t(`moderation.done.${done}`, { title: questTitle(quest, t) }));
    reloadFirstPage();
  }

  function open(kind: 'details' | 'reject', quest: AdminQuest) {
    setSelected(quest);
    setNotice(null);
    modals.closeAll();
    modals.open(kind);
  }

  async function quickApprove(quest: AdminQuest) {
    setNotice(null);
    const approved = await quick.run('approve', quest._id, () => questsApi.approve(quest._id));
    if (approved) onChanged(approved, 'approved');
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('moderation.title')}</Title>
        <Text c="dimmed">{t('moderation.subtitle')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="search" aria-label={t('moderation.filters')}>
        <TextInput
          label={t('moderation.search')}
          placeholder={t('moderation.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          maxLength={100}
          type="search"
        />
        <NativeSelect
          label={t('moderation.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as StatusFilter)}
          data={STATUS_FILTERS.map((value) => ({ value, label: t(`moderation.statusOptions.${value}`) }))}
        />
        <NativeSelect
          label={t('moderation.category')}
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value as CategoryFilter)}
          data={CATEGORY_FILTERS.map((value) => ({ value, label: t(`moderation.categoryOptions.${value}`) }))}
        />
      </SimpleGrid>

      {list.statusStats && <StatusCounts stats={list.statusStats} />}

      <ListState
        list={list}
        loaded={list.quests.length}
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
            {quick.error && (
              <ErrorBanner
                title={t('moderation.error')}
                message={quick.error}
                dismissLabel={t('moderation.dismiss')}
                onDismiss={quick.dismissError}
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
          {list.pagination && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('moderation.found', { count: list.pagination.totalQuests })}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.quests.map((quest) => (
              <ModerationQuestCard
                key={quest._id}
                quest={quest}
                approving={quick.busy?.id === quest._id}
                onView={() => open('details', quest)}
                onApprove={() => void quickApprove(quest)}
                onReject={() => open('reject', quest)}
              />
            ))}
          </SimpleGrid>
          {list.pagination && (
            <ListPagination
              page={list.pagination.currentPage}
              totalPages={list.pagination.totalPages}
              totalItems={list.pagination.totalQuests}
              pageSize={MODERATION_PAGE_SIZE}
              onChange={(next) => setPageState({ page: next, key: filterKey })}
            />
          )}
        </Stack>
      </ListState>

      <Modal.Stack>
        <QuestDetailsModal
          quest={selected}
          modal={modals.register('details')}
          notice={notice}
          onDismissNotice={() => setNotice(null)}
          onApproved={(quest) => onChanged(quest, 'approved')}
          onReject={() => modals.open('reject')}
          onEdit={() => modals.open('edit')}
          onDelete={() => modals.open('delete')}
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
        <DeleteQuestModal
          quest={selected}
          modal={modals.register('delete')}
          onDeleted={(quest) => {
            modals.closeAll();
            setNotice(t('moderation.done.deleted', { title: questTitle(quest, t) }));
            reloadFirstPage();
          }}
        />
      </Modal.Stack>
    </Stack>
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
