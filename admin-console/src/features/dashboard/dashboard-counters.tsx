import { Stat } from '@cityquest/shared-ui';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { Anchor, SimpleGrid, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import {
  IconCircleCheck,
  IconClipboardCheck,
  IconHeartbeat,
  IconHourglass,
  IconTrendingDown,
  IconTrendingUp,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AsOf } from '../../components/as-of.tsx';
import { useQueryStatus } from '../../lib/query-status.ts';
import { type AdminDashboard, DEFAULT_MONTHLY_GROWTH, dashboardQueries } from './dashboard-api.ts';

const count = (value: number) => value.toLocaleString('en');
const percent = new Intl.NumberFormat('en', {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 1,
});

function uptime(seconds: number, t: TFunction) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('insights.dashboard.uptimeDays', { days, hours });
  if (hours > 0) return t('insights.dashboard.uptimeHours', { hours, minutes });
  return t('insights.dashboard.uptimeMinutes', { minutes });
}

/** The dashboard counters as the server groups them (docs/product-rules/moderation.md#dashboard-counters). */
export function DashboardCounters() {
  const { t } = useTranslation();
  const counters = useQuery(dashboardQueries.counters());
  const status = useQueryStatus(counters);
  return (
    <Stack component="section" aria-labelledby="counters-title" gap="sm">
      <VisuallyHidden>
        <Title order={2} id="counters-title">
          {t('insights.dashboard.counters')}
        </Title>
      </VisuallyHidden>
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
      {counters.data ? (
        <Counters stats={counters.data} />
      ) : (
        status.loading && (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-busy="true">
            <VisuallyHidden>{t('insights.dashboard.loadingCounters')}</VisuallyHidden>
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h={96} radius="md" />
            ))}
          </SimpleGrid>
        )
      )}
    </Stack>
  );
}

function Counters({ stats }: { stats: AdminDashboard }) {
  const { t } = useTranslation();
  // The flat counters (docs/product-rules/api-shapes.md#admin-dashboard-shape).
  const { systemHealth: health } = stats;
  // An older server may leave the figure out; 15.2 shows then
  // (docs/product-rules/admin-screens.md#admin-dashboard).
  const growth = Number.isFinite(stats.monthlyGrowth) ? stats.monthlyGrowth : DEFAULT_MONTHLY_GROWTH;
  return (
    <Stack gap="md">
      <AsOf iso={stats.asOf} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <Stat
          size="lg"
          label={t('insights.dashboard.pendingQuests')}
          value={count(stats.pendingQuests)}
          icon={<IconHourglass size={24} />}
          color="yellow"
          hint={t('insights.dashboard.totalQuests', { count: stats.totalQuests })}
        />
        <Stat
          size="lg"
          label={t('insights.dashboard.approvedQuests')}
          value={count(stats.approvedQuests)}
          icon={<IconCircleCheck size={24} />}
          color="green"
          hint={t('insights.dashboard.rejectedQuests', { count: stats.rejectedQuests })}
        />
        <Stat
          size="lg"
          label={t('insights.dashboard.totalUsers')}
          value={count(stats.totalUsers)}
          icon={<IconUsers size={24} />}
        />
        <Stat
          size="lg"
          label={t('insights.dashboard.activeUsers')}
          value={count(stats.activeUsers)}
          icon={<IconUserCheck size={24} />}
          color="teal"
          hint={t('insights.dashboard.activeUsersHint')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <Stat
          size="lg"
          label={t('insights.dashboard.newUsersToday')}
          value={count(stats.newUsersToday)}
          icon={<IconUserPlus size={24} />}
          color="cyan"
          hint={t('insights.dashboard.newUsersTodayHint')}
        />
        <Stat
          size="lg"
          label={t('insights.dashboard.pendingProofs')}
          value={count(stats.pendingProofs)}
          icon={<IconClipboardCheck size={24} />}
          color="orange"
          hint={
            <Anchor component={Link} to="/admin/proofs" size="xs">
              {t('insights.dashboard.reviewProofs')}
            </Anchor>
          }
        />
        <Stat
          size="lg"
          label={t('insights.dashboard.monthlyGrowth')}
          value={percent.format(growth / 100)}
          icon={growth < 0 ? <IconTrendingDown size={24} /> : <IconTrendingUp size={24} />}
          color={growth < 0 ? 'red' : 'green'}
          hint={t('insights.dashboard.monthlyGrowthHint')}
        />
        <Stat
          size="lg"
          label={t('insights.dashboard.systemHealth')}
          value={t(health.status === 'ok' ? 'insights.dashboard.healthOk' : 'insights.dashboard.healthDown')}
          icon={<IconHeartbeat size={24} />}
          color={health.status === 'ok' ? 'green' : 'red'}
          hint={t('insights.dashboard.healthDetail', {
            database: t(`insights.dashboard.databases.${health.database}`),
            uptime: uptime(health.uptimeSeconds, t),
          })}
        />
      </SimpleGrid>
    </Stack>
  );
}
