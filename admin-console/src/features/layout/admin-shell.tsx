import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './admin-shell.module.css';
import { useConfirmLogout } from './confirm-logout.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The admin area's own frame; it replaces the public site's header and footer. `status` is what the route shows
 * above every admin screen (the API cost widget), in a row of its own so it never covers the screen.
 */
export function AdminShell({ status }: { status?: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const confirmLogout = useConfirmLogout();

  function onLogout() {
    menu.close();
    confirmLogout();
  }

  return (
    <AppShell header={{ height: { base: 60, md: 108 } }} padding={{ base: 'md', md: 'xl' }}>
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} onLogout={onLogout} />
      </AppShell.Header>
      <MobileMenu opened={menuOpened} onClose={menu.close} onLogout={onLogout} />
      <AppShell.Main id="main-content" tabIndex={-1}>
        {status && <div className={classes.statusRow}>{status}</div>}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
