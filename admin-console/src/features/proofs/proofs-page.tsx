import { PROOF_FLAG_FILTERS } from '@cityquest/contract';
import { shownTotal } from '@cityquest/shared-ui';
import { ListPagination } from '@cityquest/web-client/ui/list-pagination';
import { ListScreen } from '@cityquest/web-client/ui/list-screen';
import { ListState } from '@cityquest/web-client/ui/list-state';
import { Alert, Avatar, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconPhoto, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastPage } from '../../hooks/use-last-page.ts';
import { useUser } from '../../lib/auth-api.ts';
import { categoryLabel } from '../../lib/category-label.ts';
import { formatDateTime, timeAgo } from '../../lib/format-date.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { BulkApproveButton, type BulkOutcome, BulkResult } from './bulk-approve.tsx';
import { FLAG_COLORS } from './proof-flags.ts';
import { ProofReviewModal } from './proof-review-modal.tsx';
import {
  flagParam,
  type PendingProof,
  PROOF_SORTS,
  PROOFS_PAGE_SIZE,
  type ProofListSearch,
  proofsInOrder,
  proofsQueries,
  sortParam,
} from './proofs-api.ts';
import { bulkCandidates, otherHolder, proofKey, reviewQueue } from './review-queue.ts';
import { useReviewCursor } from './use-review-cursor.ts';

type Props = {
  search: ProofListSearch;
  onSearchChange: (change: Partial<ProofListSearch>, options?: { replace?: boolean }) => void;
};

/**
 * /admin/proofs: submissions waiting for review, per quest and explorer, 10 a page, in the chosen order and
 * narrowed by a flag; page, order and filter are in the address.
 */
export function ProofsPage({ search, onSearchChange }: Props) {
  const { t } = useTranslation();
  const viewerId = useUser()?._id ?? null;
  const query = useQuery({ ...proofsQueries.pending(search), placeholderData: keepPreviousData });
  const list = useQueryStatus(query);
  const proofs = query.data?.proofs ?? [];
  const pagination = query.data?.pagination ?? null;
  const [decided, setDecided] = useState<string | null>(null);
  const [bulkOutcome, setBulkOutcome] = useState<BulkOutcome | null>(null);

  const queue = useMemo(() => reviewQueue(proofs), [proofs]);
  const review = useReviewCursor(queue, viewerId);

  // The last proof of a later page was verified (or a link names a page that is gone): show the last page
  // instead of an empty one, in place of the empty page in the history.
  const goToPage = useCallback(
    (page: number) => onSearchChange({ page }, { replace: true }),
    [onSearchChange],
  );
  useLastPage(query, search.page, goToPage);

  return (
    <ListScreen
      title={t('proofs.title')}
      subtitle={t('proofs.subtitle')}
      filtersLabel={t('proofs.queueFilters')}
      filterColumns={{ base: 1, xs: 2, md: 3 }}
      filters={
        <QueueFilters
          search={search}
          onSearchChange={onSearchChange}
          actions={
            <>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden="true" />}
                loading={list.loading && proofs.length > 0}
                onClick={() => {
                  setDecided(null);
                  void list.reload();
                }}
              >
                {t('proofs.reload')}
              </Button>
              <BulkApproveButton candidates={bulkCandidates(queue, viewerId)} onDone={setBulkOutcome} />
            </>
          }
        />
      }
    >
      {/* The page's own Reload button stands in for Retry. */}
      <ListState
        list={list}
        loaded={proofs.length}
        labels={{ error: t('proofs.error'), dismiss: t('proofs.dismiss'), loading: t('proofs.loading') }}
        empty={{
          title: t('proofs.empty'),
          description: t('proofs.emptyHint'),
          icon: <IconChecklist size={28} aria-hidden="true" />,
        }}
        notices={
          <>
            {decided && (
              <Alert
                color="green"
                variant="light"
                role="status"
                withCloseButton
                closeButtonLabel={t('proofs.dismiss')}
                onClose={() => setDecided(null)}
              >
                {decided}
              </Alert>
            )}
            {bulkOutcome && <BulkResult outcome={bulkOutcome} onClose={() => setBulkOutcome(null)} />}
          </>
        }
      >
        <Stack gap="md" aria-busy={list.loading}>
          {pagination && (
            <Text size="sm" c="dimmed">
              {t('proofs.waiting', {
                count: pagination.totalProofs,
                shown: shownTotal(pagination.totalProofs, pagination.totalCapped),
              })}
            </Text>
          )}
          {proofs.map((proof) => (
            <SubmissionCard
              key={proof._id}
              proof={proof}
              viewerId={viewerId}
              onReview={(taskOrder) => review.open(proofKey(proof._id, taskOrder))}
            />
          ))}
          {pagination && (
            <ListPagination
              page={pagination.currentPage}
              totalPages={pagination.totalPages}
              totalItems={pagination.totalProofs}
              totalCapped={pagination.totalCapped}
              pageSize={PROOFS_PAGE_SIZE}
              onChange={(page) => onSearchChange({ page })}
            />
          )}
        </Stack>
      </ListState>

      <ProofReviewModal
        queue={queue}
        index={review.index}
        upcoming={review.upcoming}
        notice={review.notice}
        onStep={review.step}
        onSkip={review.skip}
        onClose={review.close}
        onDecided={(message) => {
          setDecided(message);
          review.decided(message);
        }}
      />
    </ListScreen>
  );
}

/**
 * The queue's order and flag filter, both in the address (a change starts again at page 1), then the queue's
 * actions.
 */
function QueueFilters({ search, onSearchChange, actions }: Props & { actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('proofs.order')}
        data={PROOF_SORTS.map((value) => ({ value, label: t(`proofs.sorts.${value}`) }))}
        value={search.sort ?? 'age'}
        onChange={(event) => onSearchChange({ sort: sortParam(event.currentTarget.value), page: 1 })}
      />
      <NativeSelect
        label={t('proofs.show')}
        data={PROOF_FLAG_FILTERS.map((value) => ({ value, label: t(`proofs.filters.${value}`) }))}
        value={search.flag ?? 'all'}
        onChange={(event) => onSearchChange({ flag: flagParam(event.currentTarget.value), page: 1 })}
      />
      <Group justify="flex-end" gap="sm" style={{ alignSelf: 'end' }}>
        {actions}
      </Group>
    </>
  );
}

function SubmissionCard({
  proof,
  viewerId,
  onReview,
}: {
  proof: PendingProof;
  viewerId: string | null;
  onReview: (taskOrder: number) => void;
}) {
  const { t } = useTranslation();
  const quest = proof.quest_id.title || t('missing.quest');
  const user = proof.user_id;
  const userName = user.fullName || user.username || t('missing.user');
  const tasks = proofsInOrder(proof);
  const headingId = `submission-${proof._id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {quest}
            </Title>
            <Text size="sm" c="dimmed">
              {categoryLabel(proof.quest_id.category, t)} · {proof.quest_id.city || t('missing.location')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.avatar} alt="" radius="xl" size={36}>
              {userName.slice(0, 1).toUpperCase()}
            </Avatar>
            <div>
              <Text size="sm" fw={600}>
                {userName}
              </Text>
              <Text size="xs" c="dimmed">
                @{user.username || t('missing.user')}
              </Text>
            </div>
          </Group>
        </Group>
        <Text size="sm">{t('proofs.tasksWaiting', { waiting: tasks.length, total: proof.total_tasks })}</Text>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {tasks.map((task) => {
            const holder = otherHolder(task, viewerId);
            return (
              <Group
                key={task.taskOrder}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                p="xs"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              >
                <Group gap="sm" wrap="wrap">
                  <Badge variant="light">{t('proofs.task', { order: task.taskOrder })}</Badge>
                  <Text size="sm" title={formatDateTime(task.submittedAt)}>
                    {t('proofs.submitted', {
                      time: timeAgo(task.submittedAt, t),
                    })}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <IconPhoto size={14} aria-hidden="true" />
                    <Text size="sm" c="dimmed">
                      {t('proofs.photoCount', { count: task.proofImages.length })}
                    </Text>
                  </Group>
                  {/* Warning signs the server found (docs/product-rules/moderation.md#proof-evidence). */}
                  {task.flags.map((flag) => (
                    <Badge key={flag} size="sm" variant="light" color={FLAG_COLORS[flag]}>
                      {t(`proofs.filters.${flag}`)}
                    </Badge>
                  ))}
                  {holder && (
                    <Badge size="sm" variant="light" color="gray">
                      {t('proofs.claimedBy', { username: holder.username })}
                    </Badge>
                  )}
                </Group>
                {/* Another moderator is reviewing it (docs/product-rules/moderation.md#review-claims). */}
                <Button
                  size="xs"
                  disabled={holder !== null}
                  onClick={() => onReview(task.taskOrder)}
                  aria-label={
                    holder
                      ? t('proofs.reviewClaimed', {
                          order: task.taskOrder,
                          quest,
                          user: userName,
                          moderator: holder.username,
                        })
                      : t('proofs.reviewLabel', { order: task.taskOrder, quest, user: userName })
                  }
                >
                  {t('proofs.review')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
