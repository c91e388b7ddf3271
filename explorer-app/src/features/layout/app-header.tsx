import { Logo, XpLevelIndicator } from '@cityquest/shared-ui';
import {
  Anchor,
  Avatar,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAdminRole, useAuthStore } from '../../lib/auth-store.ts';
import { getConfig } from '../../lib/config.ts';
import classes from './app-header.module.css';
import { LogoutModal } from './logout-modal.tsx';

type NavItem = { to: string; label: string };

export function AppHeader() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const user = useAuthStore((state) => state.userData);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [logoutOpened, logoutModal] = useDisclosure(false);

  const links: NavItem[] = isAuthenticated
    ? [
        { to: '/explore', label: t('nav.explore') },
        { to: '/my-quest', label: t('nav.myQuest') },
        { to: '/compass', label: t('nav.compass') },
      ]
    : [
        { to: '/', label: t('nav.home') },
        { to: '/explore', label: t('nav.explore') },
        { to: '/compass', label: t('nav.compass') },
        { to: '/about-us', label: t('nav.about') },
      ];
  const adminUrl = `${getConfig().adminOrigin}/admin/dashboard`;
  const xpLabels = { level: t('xp.level'), xp: t('xp.xp'), progress: t('xp.progress') };
  const displayName = user?.fullName || user?.username || '';

  function openLogout() {
    drawer.close();
    logoutModal.open();
  }

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t('nav.homeAria')}>
            <Logo />
          </Anchor>

          <Group gap="lg" visibleFrom="md" component="nav" aria-label={t('nav.main')}>
            {links.map((link) => (
              <Anchor
                key={link.to}
                component={Link}
                to={link.to}
                className={classes.link}
                activeProps={{ 'data-active': true }}
                activeOptions={{ exact: link.to === '/' }}
              >
                {link.label}
              </Anchor>
            ))}
          </Group>

          <Group gap="md" visibleFrom="md" wrap="nowrap">
            {isAuthenticated ? (
              <>
                {user && (
                  <XpLevelIndicator
                    level={user.level}
                    currentXP={user.currentXP}
                    nextLevelXP={user.nextLevelXP}
                    labels={xpLabels}
                  />
                )}
                <Menu position="bottom-end" width={220} withinPortal>
                  <Menu.Target>
                    <UnstyledButton aria-label={t('nav.accountMenu')} className={classes.avatarButton}>
                      <Group gap={6} wrap="nowrap">
                        <Avatar src={user?.avatar ?? undefined} alt={displayName} radius="xl" size={36} />
                        <IconChevronDown size={14} aria-hidden="true" />
                      </Group>
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {displayName && <Menu.Label>{displayName}</Menu.Label>}
                    <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
                      {t('nav.viewProfile')}
                    </Menu.Item>
                    <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
                      {t('nav.settings')}
                    </Menu.Item>
                    {isAdminRole(user?.role) && (
                      <Menu.Item
                        component="a"
                        href={adminUrl}
                        leftSection={<IconLayoutDashboard size={16} />}
                      >
                        {t('nav.adminDashboard')}
                      </Menu.Item>
                    )}
                    <Menu.Divider />
                    <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={openLogout}>
                      {t('nav.logout')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </>
            ) : (
              <>
                <Anchor component={Link} to="/login" className={classes.link}>
                  {t('nav.login')}
                </Anchor>
                <Button component={Link} to="/signup">
                  {t('nav.signUp')}
                </Button>
              </>
            )}
          </Group>

          <Group hiddenFrom="md" gap="sm" wrap="nowrap">
            {isAuthenticated && user && (
              <>
                <Text size="sm" fw={700} c="teal">
                  +{user.xp} {t('xp.xp')}
                </Text>
                <Avatar src={user.avatar ?? undefined} alt={displayName} radius="xl" size={32} />
              </>
            )}
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            />
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={<Logo />}
        size="xs"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <Stack gap="sm" component="nav" aria-label={t('nav.main')}>
          {isAuthenticated && user && (
            <XpLevelIndicator
              level={user.level}
              currentXP={user.currentXP}
              nextLevelXP={user.nextLevelXP}
              labels={xpLabels}
            />
          )}
          {links.map((link) => (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              onClick={drawer.close}
              className={classes.link}
            >
              {link.label}
            </Anchor>
          ))}
          <Divider />
          {isAuthenticated ? (
            <>
              <Anchor component={Link} to="/profile" onClick={drawer.close} className={classes.link}>
                {t('nav.viewProfile')}
              </Anchor>
              <Anchor component={Link} to="/settings" onClick={drawer.close} className={classes.link}>
                {t('nav.settings')}
              </Anchor>
              {isAdminRole(user?.role) && (
                <Anchor href={adminUrl} className={classes.link}>
                  {t('nav.adminDashboard')}
                </Anchor>
              )}
              <Button variant="light" color="red" onClick={openLogout} leftSection={<IconLogout size={16} />}>
                {t('nav.logout')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/login" variant="default" onClick={drawer.close}>
                {t('nav.login')}
              </Button>
              <Button component={Link} to="/signup" onClick={drawer.close}>
                {t('nav.signUp')}
              </Button>
            </>
          )}
        </Stack>
      </Drawer>
      <LogoutModal opened={logoutOpened} onClose={logoutModal.close} />
    </Box>
  );
}
