import { Logo } from '@cityquest/shared-ui';
import {
  Anchor,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  Modal,
  NavLink,
  Stack,
  Text,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconClipboardCheck,
  IconCrown,
  IconExternalLink,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconMap2,
  IconUsers,
} from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { getConfig } from '../../lib/config.ts';

const NAV = [
  { to: '/admin/dashboard', key: 'nav.dashboard', icon: IconLayoutDashboard },
  { to: '/admin/quests', key: 'nav.quests', icon: IconMap2 },
  { to: '/admin/users', key: 'nav.users', icon: IconUsers },
  { to: '/admin/proofs', key: 'nav.proofs', icon: IconClipboardCheck },
  { to: '/admin/action-logs', key: 'nav.actionLogs', icon: IconHistory },
] as const;

/** The admin area's own frame: top bar with name, role, Main Site and Logout; a navigation that folds on phones. */
export function AdminShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.userData);
  const logout = useAuthStore((state) => state.logout);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [navOpened, nav] = useDisclosure(false);
  const [logoutOpened, logoutModal] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const { setColorScheme } = useMantineColorScheme();
  const theme = user?.settings.appPreferences.theme;
  useEffect(() => {
    if (theme) setColorScheme(theme);
  }, [theme, setColorScheme]);

  const isSuperAdmin = user?.role === 'super_admin';
  const items = isSuperAdmin
    ? [...NAV, { to: '/admin/super-dashboard', key: 'nav.superDashboard', icon: IconCrown } as const]
    : NAV;

  async function onLogout() {
    setLeaving(true);
    await logout();
    setLeaving(false);
    logoutModal.close();
    await navigate({ to: '/login' });
  }

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={navOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            />
            <Anchor component={Link} to="/admin/dashboard" underline="never" aria-label={t('nav.home')}>
              <Group gap={6} wrap="nowrap">
                <Logo />
                <Text fw={700} c="dimmed" visibleFrom="xs">
                  {t('shell.console')}
                </Text>
              </Group>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Stack gap={0} align="flex-end" visibleFrom="sm">
              <Text size="sm" fw={600}>
                {user?.fullName}
              </Text>
              <Badge size="sm" variant="filled">
                {isSuperAdmin ? t('roles.super_admin') : t('roles.admin')}
              </Badge>
            </Stack>
            <Button
              component="a"
              href={getConfig().publicOrigin}
              variant="subtle"
              leftSection={<IconExternalLink size={16} />}
              visibleFrom="sm"
            >
              {t('shell.mainSite')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={logoutModal.open}
            >
              {t('shell.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.label')}>
        <Stack gap={4}>
          <Stack gap={0} hiddenFrom="sm" px="sm" pb="sm">
            <Text size="sm" fw={600}>
              {user?.fullName}
            </Text>
            <Text size="xs" c="dimmed">
              {isSuperAdmin ? t('roles.super_admin') : t('roles.admin')}
            </Text>
          </Stack>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.key)}
              leftSection={<item.icon size={18} aria-hidden="true" />}
              active={pathname === item.to}
              variant="filled"
              onClick={nav.close}
            />
          ))}
          <NavLink
            component="a"
            href={getConfig().publicOrigin}
            label={t('shell.mainSite')}
            leftSection={<IconExternalLink size={18} aria-hidden="true" />}
            hiddenFrom="sm"
          />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <Modal
        opened={logoutOpened}
        onClose={logoutModal.close}
        title={t('logout.title')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{t('logout.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={logoutModal.close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={leaving} onClick={onLogout}>
            {t('logout.confirm')}
          </Button>
        </Group>
      </Modal>
    </AppShell>
  );
}
