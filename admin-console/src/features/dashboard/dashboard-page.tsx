import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardCheck, IconCrown, IconHistory, IconMap2, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

const QUICK_ACTIONS = [
  { to: '/admin/quests', title: 'dashboard.questsTitle', text: 'dashboard.questsText', icon: IconMap2 },
  { to: '/admin/users', title: 'dashboard.usersTitle', text: 'dashboard.usersText', icon: IconUsers },
  {
    to: '/admin/proofs',
    title: 'dashboard.proofsTitle',
    text: 'dashboard.proofsText',
    icon: IconClipboardCheck,
  },
  {
    to: '/admin/action-logs',
    title: 'dashboard.actionLogsTitle',
    text: 'dashboard.actionLogsText',
    icon: IconHistory,
  },
] as const;

const SUPER_ADMIN_ACTION = {
  to: '/admin/super-dashboard',
  title: 'dashboard.superDashboardTitle',
  text: 'dashboard.superDashboardText',
  icon: IconCrown,
} as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.userData);
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
      </Stack>
      <Stack component="section" aria-labelledby="quick-actions-title" gap="sm">
        <Title order={2} size="h3" id="quick-actions-title">
          {t('dashboard.quickActions')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {actions.map((action) => (
            <Card key={action.to} component={Link} to={action.to} withBorder radius="md" padding="lg">
              <Stack gap="xs">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                  <action.icon size={24} />
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
    </Stack>
  );
}
