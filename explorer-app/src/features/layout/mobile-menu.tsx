import { isAdminRole } from '@cityquest/contract';
import { Logo, XpLevelIndicator } from '@cityquest/shared-ui';
import { Anchor, Button, Divider, Drawer, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSignedIn, useUser } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';
import classes from './app-header.module.css';
import type { NavItem } from './nav-items.ts';

/** The small-screen menu; loaded on first use so the entry stays small. */
export function MobileMenu({
  opened,
  onClose,
  links,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  links: NavItem[];
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const isAuthenticated = useSignedIn();
  const user = useUser();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
            labels={{ level: t('xp.level'), xp: t('xp.xp'), progress: t('xp.progress') }}
          />
        )}
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} onClick={onClose} className={classes.link}>
            {t(link.labelKey)}
          </Anchor>
        ))}
        <Divider />
        {isAuthenticated ? (
          <>
            <Anchor component={Link} to="/profile" onClick={onClose} className={classes.link}>
              {t('nav.viewProfile')}
            </Anchor>
            <Anchor component={Link} to="/badge-collection" onClick={onClose} className={classes.link}>
              {t('nav.myBadges')}
            </Anchor>
            <Anchor component={Link} to="/settings" onClick={onClose} className={classes.link}>
              {t('nav.settings')}
            </Anchor>
            {isAdminRole(user?.role) && (
              <Anchor href={`${getConfig().adminOrigin}/admin/dashboard`} className={classes.link}>
                {t('nav.adminDashboard')}
              </Anchor>
            )}
            <Button
              variant="light"
              color="red"
              onClick={onLogout}
              leftSection={<IconLogout size={16} aria-hidden="true" />}
            >
              {t('nav.logout')}
            </Button>
          </>
        ) : (
          <>
            <Button component={Link} to="/login" variant="default" onClick={onClose}>
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/signup" onClick={onClose}>
              {t('nav.signUp')}
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
