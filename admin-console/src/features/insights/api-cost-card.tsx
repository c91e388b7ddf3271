import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiCostDetails } from './api-cost-details.tsx';
import { insightsQueries } from './insights-api.ts';

/**
 * The dashboard's API cost monitor: the widget's figures, always open, with what they are estimated from. It
 * shares the widget's query, so a page showing both polls once.
 */
export function ApiCostCard() {
  const { t } = useTranslation();
  const usage = useQuery(insightsQueries.apiUsage());
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="api-cost-monitor-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" aria-hidden="true">
            <IconMapDollar size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="api-cost-monitor-title">
            {t('insights.cost.monitorTitle')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('insights.cost.explainer')}
        </Text>
        <ApiCostDetails query={usage} />
      </Stack>
    </Card>
  );
}
