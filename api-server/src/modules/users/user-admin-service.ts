import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, type HttpError, notFound } from '../../lib/http-error.ts';
import { levelFor } from '../../lib/levels.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { type ActionType, logAdminAction } from '../audit/index.ts';
import type { Role } from './tables/users.tables.ts';
import * as repo from './user-admin-repository.ts';
import { LAST_SUPER_ADMIN, permissionsOf, type RoleChange, refusalFor } from './user-permissions.ts';
import { findUserById, type UserRow } from './user-repository.ts';
import { withDefaultSettings } from './user-settings.ts';

export const USER_NOT_FOUND = 'User not found';
export const DEFAULT_SUSPENSION_REASON = 'Account suspended by administrator';

type Admin = Pick<UserRow, 'id' | 'role'>;

export type QuestCounts = { questsCompleted: number; questsCreated: number };
/**
 * The completed and created quest counts an admin's view of accounts shows. Progress and quests sit above users,
 * so app.ts passes their counts in (as it does the AccountChangeEffects).
 */
export type QuestCountsOf = (db: Db, userIds: readonly string[]) => Promise<Map<string, QuestCounts>>;
const NO_QUESTS: QuestCounts = { questsCompleted: 0, questsCreated: 0 };
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const unlessAll = <T extends string>(value: T | 'all' | undefined) => (value === 'all' ? undefined : value);

export function toAdminUser(row: UserRow, counts: QuestCounts, files: FileAddresses): Schema<'AdminUser'> {
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

/**
 * What a role or status change sets off in domains that build on users (the leaderboards, notifications, the
 * sessions of auth) and so cannot be imported from here: app.ts passes them in, as immich's user-admin service
 * emits events for the same reason.
 */
export type AccountChangeEffects = {
  /** Inside the change's transaction, before it is logged: the boards' listing and the notice to the account. */
  applied(
    tx: Db,
    change: { before: UserRow; after: UserRow; notice?: { title: string; message: string } },
  ): Promise<void>;
  /** After it commits: every session of the account ends. */
  endSessions(userId: string): Promise<void>;
};

export async function adminUserOf(
  ctx: AppContext,
  questCounts: QuestCountsOf,
  row: UserRow,
): Promise<Schema<'AdminUser'>> {
  const counts = await questCounts(ctx.db, [row.id]);
  return toAdminUser(row, counts.get(row.id) ?? NO_QUESTS, ctx.files);
}

export async function listUsers(
  ctx: AppContext,
  questCounts: QuestCountsOf,
  query: PageQuery & { search?: string; role?: Role | 'all'; status?: repo.UserStatusFilter | 'all' },
) {
  const page = toPage(query, 20);
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { search: query.search, role: unlessAll(query.role), status: unlessAll(query.status) },
    page,
  );
  const counts = await questCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => toAdminUser(row, counts.get(row.id) ?? NO_QUESTS, ctx.files)),
    pagination: cappedPaginationOf('totalUsers', total, page),
  };
}

export async function getRole(ctx: AppContext, id: string): Promise<Schema<'UserRoleInfo'>> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
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
  effects: AccountChangeEffects,
  questCounts: QuestCountsOf,
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
    await effects.applied(tx, { before: target, after: row, notice: plan.notice?.(target) });
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
  if (change !== 'reactivate') await effects.endSessions(outcome.row.id);
  return adminUserOf(ctx, questCounts, outcome.row);
}

function detailsOf(before: UserRow, after: UserRow): Record<string, unknown> {
  const details: Record<string, unknown> = { username: after.username };
  if (before.role !== after.role) Object.assign(details, { previousRole: before.role, newRole: after.role });
  return details;
}
