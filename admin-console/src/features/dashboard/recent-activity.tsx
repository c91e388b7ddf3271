import { EmptyState } from '@cityquest/shared-ui';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { Anchor, Badge, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconHistory, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActionLog } from '../../api/action-logs-api.ts';
import { formatDateTime, timeAgo } from '../../lib/format-date.ts';
import { logSentence } from '../../lib/log-sentence.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { dashboardQueries } from './dashboard-api.ts';

/**
 * The latest 5 action log entries, with the way to the full log
 * (docs/product-rules/admin-screens.md#admin-dashboard).
 */
export function RecentActivity() {
  const { t } = useTranslation();
  const activity = useQuery(dashboardQueries.recentActivity());
  const status = useQueryStatus(activity);
  const logs = activity.data?.logs ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="activity-title" h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="activity-title">
            {t('insights.activity.title')}
          </Title>
          <Anchor component={Link} to="/admin/action-logs" size="sm" fw={600}>
            {t('insights.activity.viewAll')}
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
        {!activity.data ? (
          status.loading && (
            <Group gap="sm" justify="center" py="lg">
              <Loader size="sm" />
              <Text>{t('insights.activity.loading')}</Text>
            </Group>
          )
        ) : logs.length === 0 ? (
          <EmptyState
            title={t('insights.activity.empty')}
            icon={<IconHistory size={28} aria-hidden="true" />}
          />
        ) : (
          <Stack
            component="ol"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('insights.activity.title')}
            aria-busy={status.loading}
          >
            {logs.map((log) => (
              <ActivityEntry key={log._id} log={log} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ActivityEntry({ log }: { log: ActionLog }) {
  const { t } = useTranslation();
  const success = log.result === 'success';
  const admin = log.admin_id?.username ?? t('missing.admin');
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={28} radius="xl" variant="light" color={success ? 'green' : 'red'} aria-hidden="true">
        {success ? <IconCheck size={16} /> : <IconX size={16} />}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {logSentence(log, t)}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('insights.activity.by', { admin })} ·{' '}
            <time dateTime={log.createdAt} title={formatDateTime(log.createdAt)}>
              {timeAgo(log.createdAt, t)}
            </time>
          </Text>
          {!success && (
            <Badge color="red" variant="light" size="xs">
              {t('insights.activity.failed')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
