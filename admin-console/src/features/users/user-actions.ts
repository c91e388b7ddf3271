import type { Role } from '@cityquest/contract';

export type UserAction = 'promoteAdmin' | 'demoteUser' | 'promoteSuperAdmin' | 'suspend' | 'reactivate';

/** Why a viewer sees no action buttons, shown in place of them. */
export type NoActionReason = 'ownAccount' | 'onlySuperAdmins' | 'noActions';

export type UserActions = { actions: UserAction[]; reason: NoActionReason | null };

type Account = { _id: string; role: Role };
type Target = Account & { accountVerified: boolean };

/**
 * The permission table (docs/product-rules/moderation.md#permission-table) for one viewer and one target account:
 * - anyone on the user screen promotes a user-role account to admin;
 * - only a super admin promotes to super admin (a user or an admin), demotes an admin, or suspends and
 *   reactivates a non-user account ('Only super admins can manage other admins' for an admin viewer);
 * - nobody acts on their own account, and a suspended account is reactivated before its role changes
 *   (the server answers 409 otherwise).
 * The server checks every call again; this only decides which buttons exist.
 */
export function userActionsFor(viewer: Account, target: Target): UserActions {
  if (viewer._id === target._id) return { actions: [], reason: 'ownAccount' };
  const superAdmin = viewer.role === 'super_admin';
  if (!superAdmin && target.role !== 'user') return { actions: [], reason: 'onlySuperAdmins' };
  const actions: UserAction[] = [];
  if (target.accountVerified) {
    if (target.role === 'user') actions.push('promoteAdmin');
    if (superAdmin && target.role !== 'super_admin') actions.push('promoteSuperAdmin');
    if (superAdmin && target.role === 'admin') actions.push('demoteUser');
    actions.push('suspend');
  } else {
    actions.push('reactivate');
  }
  return { actions, reason: actions.length ? null : 'noActions' };
}
