import type { Role } from '@cityquest/contract';
import {
  IconAward,
  IconClipboardCheck,
  IconCrown,
  IconHistory,
  IconLayoutDashboard,
  IconMap2,
  IconMessages,
  IconUsers,
} from '@tabler/icons-react';

const ADMIN_ITEMS = [
  { to: '/admin/dashboard', label: 'nav.dashboard', icon: IconLayoutDashboard },
  { to: '/admin/quests', label: 'nav.quests', icon: IconMap2 },
  { to: '/admin/users', label: 'nav.users', icon: IconUsers },
  { to: '/admin/proofs', label: 'nav.proofs', icon: IconClipboardCheck },
  { to: '/admin/badges', label: 'nav.badges', icon: IconAward },
  { to: '/admin/action-logs', label: 'nav.actionLogs', icon: IconHistory },
  { to: '/admin/support', label: 'nav.support', icon: IconMessages },
] as const;

const SUPER_ADMIN_ITEM = {
  to: '/admin/super-dashboard',
  label: 'nav.superDashboard',
  icon: IconCrown,
} as const;

export type NavItem = (typeof ADMIN_ITEMS)[number] | typeof SUPER_ADMIN_ITEM;

/** The Super Dashboard entry is only offered to super admins (docs/product-rules/routes.md#admin-layout). */
export function navItemsFor(role: Role | undefined): readonly NavItem[] {
  return role === 'super_admin' ? [...ADMIN_ITEMS, SUPER_ADMIN_ITEM] : ADMIN_ITEMS;
}
