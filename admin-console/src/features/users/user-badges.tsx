import type { Role } from '@cityquest/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ROLE_COLOURS: Record<Role, string> = { user: 'gray', admin: 'blue', super_admin: 'grape' };

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge color={ROLE_COLOURS[role]} variant="light">
      {t(`users.roleOptions.${role}`)}
    </Badge>
  );
}

/** accountVerified true is active, false is suspended (docs/product-rules/admin-screens.md#user-management-screen). */
export function AccountStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'red'} variant="light">
      {t(active ? 'users.statusOptions.active' : 'users.statusOptions.suspended')}
    </Badge>
  );
}
