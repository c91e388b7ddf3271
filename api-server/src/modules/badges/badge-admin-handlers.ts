import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as badgeAdmin from './badge-admin-service.ts';

/** The admin console's badge management: awarding a badge and creating one. */
export function badgeAdminHandlers(ctx: AppContext) {
  return {
    async awardBadge(request) {
      const data = await badgeAdmin.awardBadge(ctx, currentAuth(request).user, request.body);
      return { statusCode: 201, message: 'Badge awarded', data };
    },
    async createBadge(request) {
      const [image] = request.uploads.image ?? [];
      const data = await badgeAdmin.createBadge(ctx, currentAuth(request).user, request.body, image);
      return { statusCode: 201, message: 'Badge created', data };
    },
  } satisfies Handlers;
}
