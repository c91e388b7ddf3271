import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconClipboardCheck, IconHistory, IconMap2, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

const QUICK_ACTIONS = [
  { to: '/admin/quests', key: 'dashboard.reviewQuests', icon: IconMap2 },
  { to: '/admin/users', key: 'dashboard.userManagement', icon: IconUsers },
  { to: '/admin/proofs', key: 'dashboard.verifyProofs', icon: IconClipboardCheck },
  { to: '/admin/action-logs', key: 'dashboard.actionLogs', icon: IconHistory },
] as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.userData);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.title')}</Title>
        <Group gap="xs">
          <Text c="dimmed">{t('dashboard.welcome', { name: user?.fullName ?? '' })}</Text>
          <Badge variant="filled">
            {user?.role === 'super_admin' ? t('roles.super_admin') : t('roles.admin')}
          </Badge>
        </Group>
      </Stack>
      <section aria-labelledby="quick-actions">
        <Title order={2} size="h4" id="quick-actions" mb="sm">
          {t('dashboard.quickActions')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          {QUICK_ACTIONS.map((action) => (
            <UnstyledButton key={action.to} component={Link} to={action.to}>
              <Card withBorder radius="md" p="lg">
                <Group>
                  <ThemeIcon size={44} radius="md" variant="light">
                    <action.icon size={24} aria-hidden="true" />
                  </ThemeIcon>
                  <Text fw={600}>{t(action.key)}</Text>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
