import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotBadge } from '../../components/dot-badge.tsx';
import { API_USAGE_REFRESH_MS, type ApiUsage, type CostLevel, formatDollars } from './insights-api.ts';

const refreshSeconds = API_USAGE_REFRESH_MS / 1000;

const LEVEL_COLOURS: Record<CostLevel, string> = { low: 'green', medium: 'yellow', high: 'red' };
const CALL_TYPES = ['reverse', 'places', 'directions'] as const;

const clock = new Intl.DateTimeFormat('en', { timeStyle: 'medium' });

/**
 * Low green, medium yellow, high red: under 1 dollar, under 5, otherwise
 * (docs/product-rules/admin-screens.md#api-cost-widget).
 */
export function CostLevelBadge({ level }: { level: CostLevel }) {
  const { t } = useTranslation();
  return (
    <DotBadge color={LEVEL_COLOURS[level]}>
      {t('insights.cost.levelLabel', { level: t(`insights.cost.levels.${level}`) })}
    </DotBadge>
  );
}

/** Today's estimated cost (the one day asked for) and today's calls. */
export function todayOf(usage: ApiUsage) {
  const day = usage.days.at(-1);
  return { cost: usage.totals.cost, calls: day?.calls ?? { reverse: 0, places: 0, directions: 0 } };
}

/** What the cost widget and the dashboard card both show: costs, level, the monthly warning and today's calls. */
export function ApiCostDetails({ query }: { query: UseQueryResult<ApiUsage> }) {
  const { t } = useTranslation();
  const { data: usage, error, isFetching, dataUpdatedAt, refetch } = query;

  if (!usage) {
    return error ? (
      <Stack gap="xs" role="alert">
        <Text size="sm" c="red" fw={600}>
          {t('insights.cost.error')}
        </Text>
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void refetch()} loading={isFetching}>
          {t('insights.retry')}
        </Button>
      </Stack>
    ) : (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('insights.cost.loading')}</Text>
      </Group>
    );
  }

  const today = todayOf(usage);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('insights.cost.today')}
          </Text>
          <Text fw={700} size="xl">
            {formatDollars(today.cost)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('insights.cost.month')}
          </Text>
          <Text fw={700} size="xl">
            {formatDollars(usage.monthly.cost)}
          </Text>
        </div>
      </SimpleGrid>
      <Group gap="xs">
        <CostLevelBadge level={usage.level} />
      </Group>
      {usage.monthly.warning && (
        <Alert
          color="orange"
          variant="light"
          role="status"
          p="xs"
          icon={<IconAlertTriangle size={16} aria-hidden="true" />}
        >
          {t('insights.cost.warning')}
        </Alert>
      )}
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('insights.cost.callsToday')}
        </Text>
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {CALL_TYPES.map((type) => (
            <Group key={type} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{t(`insights.cost.calls.${type}`)}</Text>
              <Text size="sm" fw={600}>
                {today.calls[type].toLocaleString('en')}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
      {error && (
        <Text size="xs" c="red" role="status">
          {t('insights.cost.stale', { error: error.message })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {dataUpdatedAt
          ? t('insights.cost.updated', {
              time: clock.format(new Date(dataUpdatedAt)),
              seconds: refreshSeconds,
            })
          : t('insights.cost.refreshes', { seconds: refreshSeconds })}
      </Text>
    </Stack>
  );
}
