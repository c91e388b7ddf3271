import { DEFAULT_QUEST_IMAGE, EmptyState } from '@cityquest/shared-ui';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconChecklist, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  outdatedQuest,
  useApproveQuest,
  useRejectQuest,
  useReloadQuests,
} from '../../api/quest-decisions-api.ts';
import { useIsOwnQuest } from '../../hooks/use-is-own-quest.ts';
import { formatDateTime, timeAgo } from '../../lib/format-date.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import {
  dashboardQueries,
  PENDING_QUERY,
  PENDING_REFRESH_MS,
  type PendingQuest,
  QUICK_REJECT_REASON,
} from './dashboard-api.ts';

type Decision = 'approve' | 'reject';
type Busy = { id: string; decision: Decision } | null;

/**
 * The 5 oldest quests waiting for approval, refreshed every 30 s, with Approve and a quick Reject ('Does not
 * meet guidelines'); either refreshes the counters, this list and the recent activity.
 */
export function PendingApprovals() {
  const { t } = useTranslation();
  const pending = useQuery(dashboardQueries.pending());
  const status = useQueryStatus(pending);
  const approve = useApproveQuest();
  const reject = useRejectQuest();
  const reloadQuests = useReloadQuests();
  const [done, setDone] = useState<string | null>(null);
  const quests = pending.data?.quests ?? [];
  const total = pending.data?.pagination.totalQuests ?? 0;
  const busy: Busy = approve.isPending
    ? { id: approve.variables._id, decision: 'approve' }
    : reject.isPending
      ? { id: reject.variables.id, decision: 'reject' }
      : null;
  const failure = approve.error
    ? {
        decision: 'approve' as const,
        message: approve.error.message,
        dismiss: approve.reset,
        outdated: outdatedQuest(approve.error),
      }
    : reject.error
      ? { decision: 'reject' as const, message: reject.error.message, dismiss: reject.reset, outdated: false }
      : null;

  function decide(quest: PendingQuest, decision: Decision) {
    if (busy) return;
    approve.reset();
    reject.reset();
    setDone(null);
    const title = quest.title || t('missing.quest');
    if (decision === 'approve')
      approve.mutate(quest, { onSuccess: () => setDone(t('insights.pending.approved', { title })) });
    else
      reject.mutate(
        { id: quest._id, reason: QUICK_REJECT_REASON },
        { onSuccess: () => setDone(t('insights.pending.rejected', { title, reason: QUICK_REJECT_REASON })) },
      );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pending-title" h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="pending-title">
              {t('insights.pending.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('insights.pending.autoRefresh', {
                limit: PENDING_QUERY.limit,
                seconds: PENDING_REFRESH_MS / 1000,
              })}
            </Text>
          </Stack>
          <Anchor component={Link} to="/admin/quests" size="sm" fw={600}>
            {t('insights.pending.viewAll')}
          </Anchor>
        </Group>

        {status.error && (
          <ErrorBanner
            title={t('insights.error')}
            message={status.error}
            dismissLabel={t('insights.dismiss')}
            onDismiss={status.dismissError}
            retryLabel={t('insights.retry')}
            onRetry={() => void status.reload()}
          />
        )}
        {failure && (
          <ErrorBanner
            title={t(
              failure.decision === 'approve'
                ? 'insights.pending.approveError'
                : 'insights.pending.rejectError',
            )}
            message={failure.message}
            dismissLabel={t('insights.dismiss')}
            onDismiss={failure.dismiss}
            {...(failure.outdated
              ? {
                  retryLabel: t('insights.pending.reload'),
                  onRetry: () => {
                    failure.dismiss();
                    void reloadQuests();
                  },
                }
              : {})}
          />
        )}
        {done && (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
            {done}
          </Alert>
        )}

        {!pending.data ? (
          status.loading && (
            <Group gap="sm" justify="center" py="lg">
              <Loader size="sm" />
              <Text>{t('insights.pending.loading')}</Text>
            </Group>
          )
        ) : quests.length === 0 ? (
          <EmptyState
            title={t('insights.pending.empty')}
            description={t('insights.pending.emptyHint')}
            icon={<IconChecklist size={28} aria-hidden="true" />}
          />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('insights.pending.count', { shown: quests.length, count: total })}
            </Text>
            <Stack
              component="ul"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('insights.pending.title')}
              aria-busy={status.loading}
            >
              {quests.map((quest) => (
                <PendingQuestRow
                  key={quest._id}
                  quest={quest}
                  busy={busy?.id === quest._id ? busy.decision : null}
                  locked={busy !== null}
                  onDecide={(decision) => decide(quest, decision)}
                />
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function PendingQuestRow({
  quest,
  busy,
  locked,
  onDecide,
}: {
  quest: PendingQuest;
  busy: Decision | null;
  locked: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const title = quest.title || t('missing.quest');
  const cover = quest.files[0]?.file_url;
  const submitter = quest.submittedBy?.username || t('missing.user');
  const own = useIsOwnQuest(quest.submittedBy?._id);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group gap="sm" wrap="wrap" align="center">
        <Image
          src={cover ?? DEFAULT_QUEST_IMAGE}
          fallbackSrc={DEFAULT_QUEST_IMAGE}
          alt=""
          w={64}
          h={64}
          radius="sm"
          fit="cover"
        />
        <Stack gap={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge variant="default" size="sm">
              {t(`categories.${quest.category}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {quest.city || t('missing.location')} · {t(`difficulties.${quest.difficulty}`)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" title={formatDateTime(quest.createdAt)}>
            {t('insights.pending.submitted', {
              name: submitter,
              time: timeAgo(quest.createdAt, t),
            })}
          </Text>
        </Stack>
        {own ? (
          <Text size="xs" c="dimmed">
            {t('moderation.ownQuest')}
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="green"
              leftSection={<IconCheck size={14} aria-hidden="true" />}
              loading={busy === 'approve'}
              disabled={locked && busy !== 'approve'}
              onClick={() => onDecide('approve')}
              aria-label={t('insights.pending.approveLabel', { title })}
            >
              {t('insights.pending.approve')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconX size={14} aria-hidden="true" />}
              loading={busy === 'reject'}
              disabled={locked && busy !== 'reject'}
              onClick={() => onDecide('reject')}
              aria-label={t('insights.pending.rejectLabel', { title })}
            >
              {t('insights.pending.reject')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
