import { Logo } from '@cityquest/shared-ui';
import { Badge, Burger, Button, Group, Text } from '@mantine/core';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';
import classes from './admin-shell.module.css';
import { navItemsFor } from './nav-items.ts';

type TopBarProps = {
  menuOpened: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
};

/**
 * Signed-in name, role label, 'Main Site', Logout and the navigation
 * (docs/product-rules/routes.md#admin-layout).
 */
export function TopBar({ menuOpened, onToggleMenu, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const user = useUser();
  const role = user?.role === 'super_admin' ? 'super_admin' : 'admin';
  return (
    <>
      <Group className={classes.topRow} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpened}
          />
          <Link to="/admin/dashboard" className={classes.brand} aria-label={t('brand.home')}>
            <Logo withText={false} />
            <Text component="span" fw={800} size="lg" visibleFrom="xs">
              {t('brand.name')}
            </Text>
          </Link>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} truncate maw={220} visibleFrom="sm">
            {user?.fullName}
          </Text>
          <Badge variant="filled" size="lg" radius="sm">
            {t(`roles.${role}`)}
          </Badge>
          <Button
            component="a"
            href={getConfig().publicOrigin}
            variant="subtle"
            leftSection={<IconExternalLink size={16} aria-hidden="true" />}
            visibleFrom="md"
          >
            {t('shell.mainSite')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={onLogout}
          >
            {t('shell.logout')}
          </Button>
        </Group>
      </Group>
      <Group component="nav" aria-label={t('nav.label')} className={classes.navRow} gap={4} visibleFrom="md">
        {navItemsFor(user?.role).map((item) => (
          <Link key={item.to} to={item.to} className={classes.navLink}>
            <item.icon size={18} aria-hidden="true" />
            {t(item.label)}
          </Link>
        ))}
      </Group>
    </>
  );
}
