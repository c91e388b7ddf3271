import { type AppContext, replicaReads } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as userAdmin from './user-admin-service.ts';

/** Suspension and reactivation answer the user with their id again as `userId`, as the admin screens read it. */
const withUserId = <T extends { _id: string }>(user: T) => ({ ...user, userId: user._id });

/** The admin console's accounts: lists, roles and suspension (the details are the profiles domain's). */
export function userAdminHandlers(
  ctx: AppContext,
  effects: userAdmin.AccountChangeEffects,
  questCounts: userAdmin.QuestCountsOf,
) {
  const admin = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;
  const change = userAdmin.changeAccount.bind(null, ctx, effects, questCounts);
  // The accounts list may be a moment old (a replica's).
  const lists = replicaReads(ctx);
  return {
    async listUsers(request) {
      return {
        message: 'Users fetched',
        data: await userAdmin.listUsers(lists, questCounts, request.query),
      };
    },
    async getUserRole(request) {
      return { message: 'User role fetched', data: await userAdmin.getRole(ctx, request.params.id) };
    },
    async listAdmins() {
      return { message: 'Admins fetched', data: await userAdmin.listAdmins(ctx) };
    },
    async promoteToAdmin(request) {
      const data = await change(admin(request), request.params.id, 'promote-admin');
      return { message: 'User promoted to admin', data };
    },
    async demoteToUser(request) {
      const data = await change(admin(request), request.params.id, 'demote-user');
      return { message: 'Admin demoted to user', data };
    },
    async promoteToSuperAdmin(request) {
      const data = await change(admin(request), request.params.id, 'promote-super-admin');
      return { message: 'User promoted to super admin', data };
    },
    async suspendUser(request) {
      const data = await change(admin(request), request.params.id, 'suspend', request.body.reason);
      return { message: 'User suspended', data: withUserId(data) };
    },
    async reactivateUser(request) {
      const data = await change(admin(request), request.params.id, 'reactivate');
      return { message: 'User reactivated', data: withUserId(data) };
    },
  } satisfies Handlers;
}
