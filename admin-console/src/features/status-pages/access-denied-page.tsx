import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { getConfig } from '../../lib/config.ts';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const logout = useAuthStore((state) => state.logout);

  async function onSwitchAccount() {
    await logout();
    await navigate({ to: '/login' });
  }

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={520}>
        <ThemeIcon size={72} radius="xl" variant="light" color="red">
          <IconLock size={40} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('accessDenied.title')}</Title>
        <Text c="dimmed">{t('accessDenied.message')}</Text>
        <Group justify="center">
          <Button component="a" href={getConfig().publicOrigin}>
            {t('accessDenied.mainSite')}
          </Button>
          {isAuthenticated ? (
            <Button variant="default" onClick={onSwitchAccount}>
              {t('accessDenied.switchAccount')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => navigate({ to: '/login' })}>
              {t('accessDenied.signIn')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
