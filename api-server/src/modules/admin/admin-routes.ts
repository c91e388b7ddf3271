import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { listActionLogs } from '../audit/index.ts';
import { deletedQuest } from '../quests/index.ts';
import * as badges from './admin-badges-service.ts';
import * as quests from './admin-quests-service.ts';
import * as users from './admin-users-service.ts';
import * as insights from './insights-service.ts';
import * as reports from './reports-service.ts';

/** Suspension and reactivation answer the user with their id again as `userId`, as the admin screens read it. */
const withUserId = <T extends { _id: string }>(user: T) => ({ ...user, userId: user._id });

export function adminHandlers(ctx: AppContext) {
  const admin = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;
  return {
    async getAdminDashboard() {
      return { message: 'Admin dashboard fetched', data: await insights.dashboard(ctx) };
    },
    async getAnalytics(request) {
      return { message: 'Analytics fetched', data: await insights.analytics(ctx, request.query.timeframe) };
    },

    async listPendingQuests(request) {
      return {
        message: 'Pending quests fetched',
        data: await quests.pendingQuests(ctx, admin(request), request.query),
      };
    },
    async listAdminQuests(request) {
      return { message: 'Quests fetched', data: await quests.listQuests(ctx, admin(request), request.query) };
    },
    async approveQuest(request) {
      const data = await quests.decide(ctx, admin(request), request.params.id, {
        approved: true,
        feedback: request.body.feedback,
        seenUpdatedAt: request.body.seenUpdatedAt,
      });
      return { message: 'Quest approved successfully', data };
    },
    async rejectQuest(request) {
      const data = await quests.decide(ctx, admin(request), request.params.id, {
        approved: false,
        reason: request.body.reason,
      });
      return { message: 'Quest rejected successfully', data };
    },
    async adminUpdateQuest(request) {
      const data = await quests.updateQuest(ctx, admin(request), request.params.id, request.body);
      return { message: 'Quest updated successfully', data };
    },
    async adminDeleteQuest(request) {
      await quests.deleteQuest(ctx, admin(request), request.params.id);
      return { message: 'Quest deleted successfully', data: deletedQuest(request.params.id) };
    },

    async listUsers(request) {
      return { message: 'Users fetched', data: await users.listUsers(ctx, request.query) };
    },
    async getAdminUser(request) {
      return { message: 'User details fetched', data: await users.getUser(ctx, request.params.id) };
    },
    async getUserRole(request) {
      return { message: 'User role fetched', data: await users.getRole(ctx, request.params.id) };
    },
    async listAdmins() {
      return { message: 'Admins fetched', data: await users.listAdmins(ctx) };
    },
    async promoteToAdmin(request) {
      const data = await users.changeAccount(ctx, admin(request), request.params.id, 'promote-admin');
      return { message: 'User promoted to admin', data };
    },
    async demoteToUser(request) {
      const data = await users.changeAccount(ctx, admin(request), request.params.id, 'demote-user');
      return { message: 'Admin demoted to user', data };
    },
    async promoteToSuperAdmin(request) {
      const data = await users.changeAccount(ctx, admin(request), request.params.id, 'promote-super-admin');
      return { message: 'User promoted to super admin', data };
    },
    async suspendUser(request) {
      const data = await users.changeAccount(
        ctx,
        admin(request),
        request.params.id,
        'suspend',
        request.body.reason,
      );
      return { message: 'User suspended', data: withUserId(data) };
    },
    async reactivateUser(request) {
      const data = await users.changeAccount(ctx, admin(request), request.params.id, 'reactivate');
      return { message: 'User reactivated', data: withUserId(data) };
    },
    async resetUserTwoFactor(request) {
      const data = await users.resetTwoFactor(ctx, currentAuth(request), request.params.id, request.body);
      return { message: 'Two-factor sign-in removed', data };
    },

    async listActionLogs(request) {
      return { message: 'Action logs fetched', data: await listActionLogs(ctx.db, request.query) };
    },

    async awardBadge(request) {
      const data = await badges.awardBadge(ctx, admin(request), request.body);
      return { statusCode: 201, message: 'Badge awarded', data };
    },
    async createBadge(request) {
      const [image] = request.uploads.image ?? [];
      const data = await badges.createBadge(ctx, admin(request), request.body, image);
      return { statusCode: 201, message: 'Badge created', data };
    },

    async listReports(request) {
      return { message: 'Reports fetched', data: await reports.listReports(ctx, request.query) };
    },
    async resolveReport(request) {
      const data = await reports.resolveReport(ctx, admin(request), request.params.id, request.body);
      return { message: 'Report resolved', data };
    },
  } satisfies Handlers;
}
