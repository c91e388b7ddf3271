import { Logo, XpLevelIndicator } from '@cityquest/shared-ui';
import { Anchor, Avatar, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn, useUser } from '../../lib/auth-api.ts';
import classes from './app-header.module.css';
import { useConfirmLogout } from './confirm-logout.tsx';
import { navItemsFor } from './nav-items.ts';

// The menu and drawer pull in Mantine's floating machinery, which a visitor's first page does not need; each
// loads when it is first shown (the entry's size budget,
// docs/ops/performance.md#budgets-and-the-latest-figures).
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));
const NotificationBell = lazy(() =>
  import('../notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

export function AppHeader() {
  const { t } = useTranslation();
  const isAuthenticated = useSignedIn();
  const user = useUser();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const confirmLogout = useConfirmLogout();

  const links = navItemsFor(isAuthenticated);
  const displayName = user?.fullName || user?.username || '';

  function toggleDrawer() {
    setDrawerUsed(true);
    drawer.toggle();
  }

  function openLogout() {
    drawer.close();
    void confirmLogout();
  }

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t('nav.homeAria')}>
            {/* Without its word on the narrowest phones, so the xp, bell, account menu and burger fit. */}
            <Box visibleFrom="xs">
              <Logo />
            </Box>
            <Box hiddenFrom="xs">
              <Logo withText={false} />
            </Box>
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
                {t(link.labelKey)}
              </Anchor>
            ))}
          </Group>

          {/* Bell and account menu on every screen size (docs/product-rules/routes.md#header-and-navigation). */}
          <Group gap="sm" wrap="nowrap">
            {isAuthenticated ? (
              <>
                {user && (
                  <>
                    <Box visibleFrom="md">
                      <XpLevelIndicator
                        level={user.level}
                        currentXP={user.currentXP}
                        nextLevelXP={user.nextLevelXP}
                        labels={{ level: t('xp.level'), xp: t('xp.xp'), progress: t('xp.progress') }}
                      />
                    </Box>
                    <Text hiddenFrom="md" size="sm" fw={700} c="teal" style={{ whiteSpace: 'nowrap' }}>
                      +{user.xp} {t('xp.xp')}
                    </Text>
                  </>
                )}
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
                <Suspense
                  fallback={
                    <Avatar src={user?.avatar ?? undefined} alt={displayName} radius="xl" size={36} />
                  }
                >
                  <AccountMenu onLogout={openLogout} />
                </Suspense>
              </>
            ) : (
              <Group gap="md" visibleFrom="md" wrap="nowrap">
                <Anchor component={Link} to="/login" className={classes.link}>
                  {t('nav.login')}
                </Anchor>
                <Button component={Link} to="/signup">
                  {t('nav.signUp')}
                </Button>
              </Group>
            )}
            <Burger
              hiddenFrom="md"
              opened={drawerOpened}
              onClick={toggleDrawer}
              aria-label={drawerOpened ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={drawerOpened}
            />
          </Group>
        </Group>
      </Container>

      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={drawerOpened} onClose={drawer.close} links={links} onLogout={openLogout} />
        </Suspense>
      )}
    </Box>
  );
}
