import { Badge, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';
import { navItemsFor } from './nav-items.ts';

/** The navigation folded into a drawer on narrow screens (docs/product-rules/routes.md#admin-layout). */
export function MobileMenu({
  opened,
  onClose,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const role = user?.role === 'super_admin' ? 'super_admin' : 'admin';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('nav.menu')}
      size="xs"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={600}>{user?.fullName}</Text>
          <Badge variant="filled" radius="sm">
            {t(`roles.${role}`)}
          </Badge>
        </Stack>
        <Divider />
        <Stack component="nav" aria-label={t('nav.menuLabel')} gap={2}>
          {navItemsFor(user?.role).map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.label)}
              leftSection={<item.icon size={18} aria-hidden="true" />}
              active={pathname === item.to}
              variant="filled"
              onClick={onClose}
            />
          ))}
          <NavLink
            component="a"
            href={getConfig().publicOrigin}
            label={t('shell.mainSite')}
            leftSection={<IconExternalLink size={18} aria-hidden="true" />}
          />
        </Stack>
        <Divider />
        <NavLink
          component="button"
          label={t('shell.logout')}
          leftSection={<IconLogout size={18} aria-hidden="true" />}
          color="red"
          onClick={onLogout}
        />
      </Stack>
    </Drawer>
  );
}
