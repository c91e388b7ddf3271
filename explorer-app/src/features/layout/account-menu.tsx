import { isAdminRole } from '@cityquest/contract';
import { UserAvatarMenu, type UserAvatarMenuItem } from '@cityquest/shared-ui';
import {
  IconAward,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconTrophy,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';

/** The signed-in avatar dropdown; loaded apart from the entry because visitors never open it. */
export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const items: UserAvatarMenuItem[] = [
    {
      id: 'profile',
      label: t('nav.viewProfile'),
      icon: <IconUser size={16} aria-hidden="true" />,
      component: Link,
      itemProps: { to: '/profile' },
    },
    {
      id: 'badges',
      label: t('nav.myBadges'),
      icon: <IconAward size={16} aria-hidden="true" />,
      component: Link,
      itemProps: { to: '/badge-collection' },
    },
    // No header link list has Friends or Leaderboard: this menu reaches them on every screen size.
    {
      id: 'friends',
      label: t('nav.friends'),
      icon: <IconUsers size={16} aria-hidden="true" />,
      component: Link,
      itemProps: { to: '/friends' },
    },
    {
      id: 'leaderboard',
      label: t('nav.leaderboard'),
      icon: <IconTrophy size={16} aria-hidden="true" />,
      component: Link,
      itemProps: { to: '/leaderboard' },
    },
    {
      id: 'settings',
      label: t('nav.settings'),
      icon: <IconSettings size={16} aria-hidden="true" />,
      component: Link,
      itemProps: { to: '/settings' },
    },
  ];
  if (isAdminRole(user?.role)) {
    // The admin console is its own SPA on its own origin (runtime config), so a plain link.
    items.push({
      id: 'admin',
      label: t('nav.adminDashboard'),
      icon: <IconLayoutDashboard size={16} aria-hidden="true" />,
      component: 'a',
      itemProps: { href: `${getConfig().adminOrigin}/admin/dashboard` },
    });
  }
  items.push({
    id: 'logout',
    label: t('nav.logout'),
    icon: <IconLogout size={16} aria-hidden="true" />,
    color: 'red',
    dividerBefore: true,
    onClick: onLogout,
  });
  return (
    <UserAvatarMenu
      name={user?.fullName || user?.username || ''}
      avatarUrl={user?.avatar}
      label={t('nav.accountMenu')}
      items={items}
    />
  );
}
