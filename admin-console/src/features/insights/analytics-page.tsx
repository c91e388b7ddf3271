import { TIMEFRAMES, type Timeframe } from '@cityquest/contract';
import { EmptyState, Stat } from '@cityquest/shared-ui';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconCoin, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AsOf } from '../../components/as-of.tsx';
import { useQueryStatus } from '../../lib/query-status.ts';
import { BarList } from './bar-list.tsx';
import { type Analytics, insightsQueries } from './insights-api.ts';

const route = getRouteApi('/_admin/admin/analytics');

const DAYS: Record<Timeframe, number> = { '7d': 7, '30d': 30, '90d': 90 };
const number = (value: number) => value.toLocaleString('en');

/** /admin/analytics: active users, completions, xp awarded and popular categories over 7, 30 or 90 days. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { timeframe } = route.useSearch();
  const navigate = route.useNavigate();
  const query = useQuery(insightsQueries.analytics(timeframe));
  const { loading, error, reload, dismissError } = useQueryStatus(query);
  const analytics = query.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t('insights.analytics.title')}</Title>
          <Text c="dimmed">{t('insights.analytics.subtitle')}</Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="analytics-timeframe">
            {t('insights.analytics.timeframe')}
          </Text>
          <SegmentedControl
            aria-labelledby="analytics-timeframe"
            value={timeframe}
            onChange={(value) => {
              const chosen = TIMEFRAMES.find((choice) => choice === value);
              if (chosen) void navigate({ search: { timeframe: chosen } });
            }}
            data={TIMEFRAMES.map((value) => ({
              value,
              label: t('insights.analytics.days', { count: DAYS[value] }),
            }))}
          />
        </Stack>
      </Group>

      {error && (
        <ErrorBanner
          title={t('insights.error')}
          message={error}
          dismissLabel={t('insights.dismiss')}
          onDismiss={dismissError}
          retryLabel={t('insights.retry')}
          onRetry={() => void reload()}
        />
      )}

      {analytics ? (
        // The period comes from the answer, so the heading never names a timeframe still loading.
        <AnalyticsView analytics={analytics} days={DAYS[analytics.timeframe]} busy={loading} />
      ) : (
        loading && (
          <Group gap="sm" justify="center" py="xl">
            <Loader size="sm" />
            <Text>{t('insights.analytics.loading')}</Text>
          </Group>
        )
      )}
    </Stack>
  );
}

function AnalyticsView({ analytics, days, busy }: { analytics: Analytics; days: number; busy: boolean }) {
  const { t } = useTranslation();
  const completions = analytics.totalQuestsCompleted;
  const totalCategoryCompletions = analytics.popularCategories.reduce((sum, row) => sum + row.completions, 0);
  return (
    <Stack gap="lg" aria-busy={busy}>
      <Stack component="section" aria-labelledby="analytics-period-title" gap="sm">
        <Title order={2} size="h3" id="analytics-period-title">
          {t('insights.analytics.period', { count: days })}
        </Title>
        <AsOf iso={analytics.asOf} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Stat
            size="lg"
            label={t('insights.analytics.questsCompleted')}
            value={number(completions)}
            icon={<IconTrophy size={24} />}
            color="green"
          />
          <Stat
            size="lg"
            label={t('insights.analytics.xpAwarded')}
            value={number(analytics.totalXPAwarded)}
            icon={<IconCoin size={24} />}
            color="yellow"
          />
          <Stat
            size="lg"
            label={t('insights.analytics.xpPerCompletion')}
            value={completions > 0 ? number(Math.round(analytics.totalXPAwarded / completions)) : '—'}
            icon={<IconChartBar size={24} />}
            color="blue"
          />
        </SimpleGrid>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="active-users-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="active-users-title">
              {t('insights.analytics.activeUsers')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('insights.analytics.activeUsersHint')}
            </Text>
            <BarList
              label={t('insights.analytics.activeUsers')}
              bars={[
                { key: 'daily', value: analytics.dailyActiveUsers },
                { key: 'weekly', value: analytics.weeklyActiveUsers },
                { key: 'monthly', value: analytics.monthlyActiveUsers },
              ].map((bar) => ({
                ...bar,
                label: t(`insights.analytics.${bar.key as 'daily' | 'weekly' | 'monthly'}`),
                valueLabel: number(bar.value),
              }))}
            />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="categories-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="categories-title">
              {t('insights.analytics.popularCategories')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('insights.analytics.categoriesHint', { count: days })}
            </Text>
            {totalCategoryCompletions === 0 ? (
              <EmptyState
                title={t('insights.analytics.noCompletions')}
                description={t('insights.analytics.noCompletionsHint')}
              />
            ) : (
              <BarList
                label={t('insights.analytics.popularCategories')}
                color="var(--mantine-color-teal-filled)"
                bars={analytics.popularCategories.map((row) => ({
                  key: row.category,
                  label: t(`categories.${row.category}`),
                  value: row.completions,
                  valueLabel: t('insights.analytics.categoryValue', {
                    count: row.completions,
                    share: Math.round((row.completions / totalCategoryCompletions) * 100),
                  }),
                }))}
              />
            )}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
