import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../lib/http-error.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { PRIVATE_PROFILE, profileAccess } from '../users/profile-service.ts';
import { toBadgeDto, toEarnedBadgeDto } from './badge-dto.ts';
import * as repo from './badges-repository.ts';

export function badgesHandlers(ctx: AppContext) {
  return {
    async listBadges() {
      const rows = await repo.listBadges(ctx.db);
      return { message: 'Badges fetched', data: rows.map(toBadgeDto) };
    },
    async listEarnedBadges(request) {
      // Earned badges are part of the profile: the same 404s, and a private profile's stay private.
      const access = await profileAccess(ctx.db, currentAuth(request).user, request.params.userId);
      if (!access.full) throw forbidden(PRIVATE_PROFILE);
      const rows = await repo.listEarnedBadges(ctx.db, access.user.id);
      return { message: 'Earned badges fetched', data: rows.map(toEarnedBadgeDto) };
    },
  } satisfies Handlers;
}
