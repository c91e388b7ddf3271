import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../lib/http-error.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { listEarnedBadges, toEarnedBadgeDto } from '../badges/index.ts';
import { deleteAccount } from './account-deletion-service.ts';
import { updateSettings } from './account-settings-service.ts';
import { getAdminUser } from './profile-admin-service.ts';
import * as profiles from './profile-service.ts';

/** Profiles, search, and the account changes that reach past users (settings with privacy, deletion). */
export function profilesHandlers(ctx: AppContext) {
  return {
    async getAdminUser(request) {
      return { message: 'User details fetched', data: await getAdminUser(ctx, request.params.id) };
    },
    async getMyProfile(request) {
      const data = await profiles.getMyProfile(ctx, currentAuth(request).user);
      return { message: 'Profile fetched', data };
    },
    async getUserProfile(request) {
      const data = await profiles.getUserProfile(ctx, currentAuth(request).user, request.params.id);
      return { message: 'Profile fetched', data };
    },
    async searchUsers(request) {
      const data = await profiles.searchUsers(ctx, currentAuth(request).user, request.query);
      return { message: 'Users found', data };
    },
    async listEarnedBadges(request) {
      // Earned badges are part of the profile: the same 404s, and a private profile's stay private.
      const access = await profiles.profileAccess(ctx.db, currentAuth(request).user, request.params.userId);
      if (!access.full) throw forbidden(profiles.PRIVATE_PROFILE);
      const rows = await listEarnedBadges(ctx.db, access.user.id);
      return { message: 'Earned badges fetched', data: rows.map((row) => toEarnedBadgeDto(row, ctx.files)) };
    },
    async updateSettings(request) {
      const data = await updateSettings(ctx, currentAuth(request).user, request.body);
      return { message: 'Settings updated successfully', data };
    },
    async deleteAccount(request) {
      const { user } = currentAuth(request);
      await deleteAccount(ctx, user, request.body);
      return { message: 'Account deleted successfully', data: { _id: user.id } };
    },
  } satisfies Handlers;
}
