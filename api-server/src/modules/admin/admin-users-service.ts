import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Role } from '../../db/schema.ts';
import { conflict, forbidden, type HttpError, notFound } from '../../lib/http-error.ts';
import { levelFor } from '../../lib/levels.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { type ActionType, logAdminAction } from '../audit/index.ts';
import { resetUserTwoFactor, revokeAllSessions } from '../auth/index.ts';
import { setListedOnBoards } from '../leaderboard/index.ts';
import { notify } from '../notifications/index.ts';
import { currentStreak, profileCompleteness, profileCounts } from '../profiles/index.ts';
import { findUserById, type UserRow, withDefaultSettings } from '../users/index.ts';
import * as repo from './admin-users-repository.ts';
import { LAST_SUPER_ADMIN, permissionsOf, type RoleChange, refusalFor } from './user-permissions.ts';

export const USER_NOT_FOUND = 'User not found';
export const DEFAULT_SUSPENSION_REASON = 'Account suspended by administrator';

type Admin = Pick<UserRow, 'id' | 'role'>;
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const kilometres = (metres: number) => Math.round(Math.max(0, metres) / 100) / 10;
const unlessAll = <T extends string>(value: T | 'all' | undefined) => (value === 'all' ? undefined : value);

export function toAdminUser(
  row: UserRow,
  counts: repo.QuestCounts,
  files: FileAddresses,
): Schema<'AdminUser'> {
  return {
    _id: row.id,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    avatar: files.ofOptional(row.avatarUrl),
    bio: row.bio,
    role: row.role,
    accountVerified: row.accountVerified,
    status: row.accountVerified ? 'active' : 'suspended',
    suspensionReason: row.suspensionReason,
    isEmailVerified: row.isEmailVerified,
    twoFactorEnabled: withDefaultSettings(row.settings).security.twoFactorAuth,
    xp: row.xp,
    level: levelFor(row.xp).level,
    questsCompleted: counts.questsCompleted,
    questsCreated: counts.questsCreated,
    lastActive: iso(row.lastActiveAt),
    lastLogin: iso(row.lastLogin),
    createdAt: row.createdAt.toISOString(),
  };
}

async function adminUserOf(ctx: AppContext, row: UserRow): Promise<Schema<'AdminUser'>> {
  const counts = await repo.questCountsOf(ctx.db, [row.id]);
  return toAdminUser(row, counts.get(row.id) ?? { questsCompleted: 0, questsCreated: 0 }, ctx.files);
}

export async function listUsers(
  ctx: AppContext,
  query: PageQuery & { search?: string; role?: Role | 'all'; status?: repo.UserStatusFilter | 'all' },
) {
  const page = toPage(query, 20);
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { search: query.search, role: unlessAll(query.role), status: unlessAll(query.status) },
    page,
  );
  const counts = await repo.questCountsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) =>
      toAdminUser(row, counts.get(row.id) ?? { questsCompleted: 0, questsCreated: 0 }, ctx.files),
    ),
    pagination: cappedPaginationOf('totalUsers', total, page),
  };
}

async function findUser(ctx: AppContext, id: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function getUser(ctx: AppContext, id: string): Promise<Schema<'AdminUserDetail'>> {
  const row = await findUser(ctx, id);
  const counts = await profileCounts(ctx.db, id, { approvedCreatedOnly: false });
  return {
    ...toAdminUser(row, counts, ctx.files),
    stats: {
      profileCompleteness: profileCompleteness(row),
      questsCompleted: counts.questsCompleted,
      questsCreated: counts.questsCreated,
      questsOngoing: counts.questsOngoing,
      badgesEarned: counts.badgesEarned,
      currentStreak: currentStreak(row),
      distanceExplored: kilometres(row.distanceExploredMeters),
    },
    permissions: permissionsOf(row.role),
  };
}

/** A super admin removes a lost second factor; the auth module owns the factor and checks the super admin. */
export async function resetTwoFactor(
  ctx: AppContext,
  actor: AuthContext,
  id: string,
  input: { reason: string; code?: string; password?: string },
): Promise<Schema<'AdminUser'>> {
  return adminUserOf(ctx, await resetUserTwoFactor(ctx, actor, id, input));
}

export async function getRole(ctx: AppContext, id: string): Promise<Schema<'UserRoleInfo'>> {
  const row = await findUser(ctx, id);
  return { userId: row.id, role: row.role, permissions: permissionsOf(row.role) };
}

export async function listAdmins(ctx: AppContext): Promise<Schema<'AdminSummary'>[]> {
  const rows = await repo.listAdmins(ctx.db);
  return rows.map((row) => ({ _id: row.id, username: row.username, role: row.role }));
}

type ChangePlan = {
  actionType: ActionType;
  /** A state conflict (409) for this target, or null when the change applies. */
  conflictFor(target: UserRow): string | null;
  apply(target: UserRow): Partial<Pick<UserRow, 'role' | 'accountVerified' | 'suspensionReason'>>;
  notice?(target: UserRow): { title: string; message: string };
};

const SUSPENDED_TARGET = 'A suspended account cannot change role';

function planOf(change: RoleChange, reason: string | undefined): ChangePlan {
  switch (change) {
    case 'promote-admin':
      return {
        actionType: 'user_promotion',
        conflictFor: (target) =>
          target.role !== 'user'
            ? 'User is already an admin'
            : target.accountVerified
              ? null
              : SUSPENDED_TARGET,
        apply: () => ({ role: 'admin' }),
        notice: () => ({
          title: 'You are now an admin',
          message: 'You can now use the CityQuest admin console.',
        }),
      };
    case 'promote-super-admin':
      return {
        actionType: 'super_admin_promotion',
        conflictFor: (target) =>
          target.role === 'super_admin'
            ? 'User is already a super admin'
            : target.accountVerified
              ? null
              : SUSPENDED_TARGET,
        apply: () => ({ role: 'super_admin' }),
        notice: () => ({
          title: 'You are now a super admin',
          message: 'You can now manage admins and open the super admin dashboard.',
        }),
      };
    case 'demote-user':
      return {
        actionType: 'user_demotion',
        conflictFor: (target) => (target.role === 'user' ? 'User is already a regular user' : null),
        apply: () => ({ role: 'user' }),
        notice: () => ({
          title: 'Your admin role was removed',
          message: 'Your account is now a regular explorer.',
        }),
      };
    case 'suspend':
      return {
        actionType: 'user_suspension',
        conflictFor: (target) => (target.accountVerified ? null : 'User is already suspended'),
        apply: () => ({
          accountVerified: false,
          suspensionReason: reason?.trim() || DEFAULT_SUSPENSION_REASON,
        }),
      };
    case 'reactivate':
      return {
        actionType: 'user_reactivation',
        conflictFor: (target) => (target.accountVerified ? 'User is not suspended' : null),
        apply: () => ({ accountVerified: true, suspensionReason: null }),
        notice: () => ({ title: 'Your account is active again', message: 'Welcome back to CityQuest.' }),
      };
  }
}

/**
 * One role or status change on another account, following the permission table (user-permissions.ts).
 * The target row is locked so concurrent changes apply one after the other; changes that could leave no
 * active super admin are serialised too. Refusals for permission are logged as failures.
 */
export async function changeAccount(
  ctx: AppContext,
  admin: Admin,
  targetId: string,
  change: RoleChange,
  reason?: string,
): Promise<Schema<'AdminUser'>> {
  const plan = planOf(change, reason);
  type Outcome = { row: UserRow; previous: UserRow } | { refused: HttpError; target: UserRow };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const touchesSuperAdmins = change === 'suspend' || change === 'demote-user';
    if (touchesSuperAdmins) await repo.lockSuperAdminChanges(tx);
    const target = await repo.lockUserRow(tx, targetId);
    if (!target) throw notFound(USER_NOT_FOUND);
    const refusal = refusalFor(admin, target, change);
    if (refusal) return { refused: forbidden(refusal), target };
    const conflicting = plan.conflictFor(target);
    if (conflicting) throw conflict(conflicting);
    if (touchesSuperAdmins && target.role === 'super_admin' && (await repo.countActiveSuperAdmins(tx)) <= 1) {
      throw conflict(LAST_SUPER_ADMIN);
    }
    const row = await repo.setAccountFields(tx, target.id, plan.apply(target));
    if (row.accountVerified !== target.accountVerified)
      await setListedOnBoards(tx, row.id, row.accountVerified);
    const notice = plan.notice?.(target);
    if (notice) await notify(tx, target.id, { type: 'system', ...notice });
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType: plan.actionType,
      targetType: 'user',
      targetId: target.id,
      details: detailsOf(target, row),
      reason: change === 'suspend' ? row.suspensionReason : null,
    });
    return { row, previous: target };
  });

  if ('refused' in outcome) {
    await logAdminAction(ctx.db, {
      adminId: admin.id,
      actionType: plan.actionType,
      targetType: 'user',
      targetId: outcome.target.id,
      details: { username: outcome.target.username, error: outcome.refused.message },
      reason: reason?.trim() || null,
      result: 'failure',
    });
    throw outcome.refused;
  }
  // Suspension and role changes end every session of the account at once: its refresh tokens die here, and
  // its access tokens with them, since each call checks the token's session (plugins/auth.ts). A promoted or
  // demoted person signs in again and gets tokens for the new role.
  if (change !== 'reactivate') await revokeAllSessions(ctx, outcome.row.id);
  return adminUserOf(ctx, outcome.row);
}

function detailsOf(before: UserRow, after: UserRow): Record<string, unknown> {
  const details: Record<string, unknown> = { username: after.username };
  if (before.role !== after.role) Object.assign(details, { previousRole: before.role, newRole: after.role });
  return details;
}
