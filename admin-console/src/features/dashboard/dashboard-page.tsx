import { Card, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartBar,
  IconCrown,
  IconMap2,
  IconMessageReport,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { DashboardCounters } from './dashboard-counters.tsx';
import { PendingApprovals } from './pending-approvals.tsx';
import { RecentActivity } from './recent-activity.tsx';

// Review Quests, User Management, Analytics and Reports
// (docs/product-rules/admin-screens.md#admin-dashboard).
const QUICK_ACTIONS = [
  { to: '/admin/quests', title: 'dashboard.questsTitle', text: 'dashboard.questsText', icon: IconMap2 },
  { to: '/admin/users', title: 'dashboard.usersTitle', text: 'dashboard.usersText', icon: IconUsers },
  {
    to: '/admin/analytics',
    title: 'insights.quickActions.analyticsTitle',
    text: 'insights.quickActions.analyticsText',
    icon: IconChartBar,
  },
  {
    to: '/admin/reports',
    title: 'insights.quickActions.reportsTitle',
    text: 'insights.quickActions.reportsText',
    icon: IconMessageReport,
  },
] as const;

const SUPER_ADMIN_ACTION = {
  to: '/admin/super-dashboard',
  title: 'dashboard.superDashboardTitle',
  text: 'dashboard.superDashboardText',
  icon: IconCrown,
} as const;

/**
 * /admin/dashboard: counters, the API cost monitor (passed in by the route, it belongs to the insights
 * feature), pending approvals, quick actions and recent activity.
 */
export function DashboardPage({ costMonitor }: { costMonitor?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const isSuperAdmin = user?.role === 'super_admin';
  const actions = isSuperAdmin ? [...QUICK_ACTIONS, SUPER_ADMIN_ACTION] : QUICK_ACTIONS;

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.title')}</Title>
        <Text size="lg">{t('dashboard.welcome', { name: user?.fullName ?? '' })}</Text>
        <Text c="dimmed">
          {t('dashboard.role', { role: t(isSuperAdmin ? 'roles.super_admin' : 'roles.admin') })}
        </Text>
        {user?.settings.security.twoFactorAuth && (
          <Group gap={6} wrap="nowrap">
            <IconShieldCheck size={18} color="var(--mantine-color-green-filled)" aria-hidden="true" />
            <Text size="sm">{t('twoFactor.status.on')}</Text>
          </Group>
        )}
      </Stack>

      <DashboardCounters />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: costMonitor ? 8 : 12 }}>
          <PendingApprovals />
        </Grid.Col>
        {costMonitor && <Grid.Col span={{ base: 12, lg: 4 }}>{costMonitor}</Grid.Col>}
      </Grid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack component="section" aria-labelledby="quick-actions-title" gap="sm">
          <Title order={2} size="h4" id="quick-actions-title">
            {t('dashboard.quickActions')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {actions.map((action) => (
              <Card key={action.to} component={Link} to={action.to} withBorder radius="md" padding="md">
                <Stack gap={6}>
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                    <action.icon size={22} />
                  </ThemeIcon>
                  <Text fw={700}>{t(action.title)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(action.text)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
        <RecentActivity />
      </SimpleGrid>
    </Stack>
  );
}
