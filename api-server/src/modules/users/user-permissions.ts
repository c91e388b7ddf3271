import { isAdminRole, type Role, type Schema } from '@cityquest/contract';

export type RoleChange = 'promote-admin' | 'promote-super-admin' | 'demote-user' | 'suspend' | 'reactivate';

export const ONLY_SUPER_ADMINS_MANAGE_ADMINS = 'Only super admins can manage other admins';
export const ONLY_SUPER_ADMINS_PROMOTE = 'Only super admins can promote to super admin';
export const NOT_YOUR_OWN_ACCOUNT = 'You cannot change your own account';
export const SUPER_ADMINS_STAY = 'Super admin accounts cannot be demoted';
export const LAST_SUPER_ADMIN = 'The last super admin cannot be demoted or suspended';

type Account = { id: string; role: Role };

/**
 * The permission table (docs/product-rules/moderation.md#permission-table), as the server enforces it: an
 * admin manages only user-role accounts (promote to admin, suspend, reactivate); only a super admin promotes
 * to super admin, demotes admins, or suspends and reactivates non-user accounts; nobody acts on their own
 * account.
 * Returns the refusal message, or null when the actor may try (state conflicts are checked afterwards).
 */
export function refusalFor(actor: Account, target: Account, change: RoleChange): string | null {
  if (actor.id === target.id) return NOT_YOUR_OWN_ACCOUNT;
  const superAdmin = actor.role === 'super_admin';
  switch (change) {
    case 'promote-admin':
      return null;
    case 'promote-super-admin':
      return superAdmin ? null : ONLY_SUPER_ADMINS_PROMOTE;
    case 'demote-user':
      if (!superAdmin) return ONLY_SUPER_ADMINS_MANAGE_ADMINS;
      return target.role === 'super_admin' ? SUPER_ADMINS_STAY : null;
    case 'suspend':
    case 'reactivate':
      return target.role === 'user' || superAdmin ? null : ONLY_SUPER_ADMINS_MANAGE_ADMINS;
  }
}

/** The permission flags GET /admin/users/{id}/role and the details modal show for an account's own role. */
export function permissionsOf(role: Role): Schema<'AdminPermissions'> {
  const isAdmin = isAdminRole(role);
  const isSuperAdmin = role === 'super_admin';
  return {
    isAdmin,
    isSuperAdmin,
    canModerateQuests: isAdmin,
    canManageUsers: isAdmin,
    canManageAdmins: isSuperAdmin,
    canViewAnalytics: isAdmin,
    canManageBadges: isAdmin,
    canViewReports: isAdmin,
  };
}
