import { Anchor, Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLogout, useSignedIn, useUser } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';

/** Where a signed-in account without an admin role lands (docs/product-rules/routes.md#admin-guard). */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  const isAuthenticated = useSignedIn();
  const user = useUser();
  const logout = useLogout();

  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="md" maw={560}>
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden="true">
          <IconLock size={40} />
        </ThemeIcon>
        <Title order={1}>{t('accessDenied.title')}</Title>
        <Text>{t('accessDenied.message')}</Text>
        {user && (
          <Text c="dimmed">
            {t('accessDenied.signedInAs', { name: user.fullName, role: t(`roles.${user.role}`) })}
          </Text>
        )}
        <Group justify="center" mt="sm">
          <Button component="a" href={getConfig().publicOrigin}>
            {t('accessDenied.mainSite')}
          </Button>
          {isAuthenticated ? (
            <Button
              variant="default"
              loading={logout.isPending}
              onClick={() => logout.mutate({ to: '/login' })}
            >
              {t('accessDenied.switchAccount')}
            </Button>
          ) : (
            <Anchor component={Link} to="/login" fw={600}>
              {t('accessDenied.signIn')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
