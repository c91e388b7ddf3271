import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './admin-shell.module.css';
import { LogoutModal } from './logout-modal.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The admin area's own frame; it replaces the public site's header and footer. `floating` is what the route
 * shows on every admin page beside the screen (the API cost widget).
 */
export function AdminShell({ floating }: { floating?: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const [logoutOpened, logoutModal] = useDisclosure(false);

  function onLogout() {
    menu.close();
    logoutModal.open();
  }

  return (
    <AppShell header={{ height: { base: 60, md: 108 } }} padding={{ base: 'md', md: 'xl' }}>
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} onLogout={onLogout} />
      </AppShell.Header>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Outlet />
        {floating}
      </AppShell.Main>
      <LogoutModal opened={logoutOpened} onClose={logoutModal.close} />
    </AppShell>
  );
}
