import { Box, Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconMapDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DotBadge } from '../../components/dot-badge.tsx';
import { ApiCostDetails, CostLevelBadge, todayOf } from './api-cost-details.tsx';
import classes from './api-cost-widget.module.css';
import { formatDollars, insightsQueries } from './insights-api.ts';

/**
 * The maps API cost widget of every admin page, refreshed every 10 s
 * (docs/product-rules/admin-screens.md#api-cost-widget). It starts folded to one line and opens in place,
 * above the screen, so it never covers the screen's content.
 */
export function ApiCostWidget() {
  const { t } = useTranslation();
  const query = useQuery(insightsQueries.apiUsage());
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const { data: usage } = query;

  return (
    <Paper
      component="section"
      aria-label={t('insights.cost.title')}
      className={classes.widget}
      withBorder
      radius="md"
    >
      <UnstyledButton
        className={classes.toggle}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={panelId}
      >
        <ThemeIcon size={32} radius="xl" variant="light" aria-hidden="true">
          <IconMapDollar size={18} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={700}>
            {t('insights.cost.title')}
          </Text>
          <Group gap={6} wrap="wrap">
            {usage ? (
              <>
                <Text size="xs">
                  {t('insights.cost.todaySummary', { cost: formatDollars(todayOf(usage).cost) })}
                </Text>
                <CostLevelBadge level={usage.level} />
                {usage.monthly.warning && (
                  <DotBadge color="orange">{t('insights.cost.warningShort')}</DotBadge>
                )}
              </>
            ) : (
              <Text size="xs" c="dimmed">
                {query.error ? t('insights.cost.unavailable') : t('insights.cost.loading')}
              </Text>
            )}
          </Group>
        </Box>
        <Text component="span" c="dimmed" aria-hidden="true" style={{ display: 'flex' }}>
          {opened ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
        </Text>
      </UnstyledButton>
      {opened && (
        <Box id={panelId} px="sm" pb="sm" pt={4}>
          <ApiCostDetails query={query} />
        </Box>
      )}
    </Paper>
  );
}
