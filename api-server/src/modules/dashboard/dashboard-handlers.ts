import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth, viewerOf } from '../../plugins/auth.ts';
import { dashboard } from './dashboard-service.ts';

export function dashboardHandlers(ctx: AppContext) {
  return {
    async getQuestDashboard(request) {
      return {
        message: 'Quest dashboard fetched',
        data: await ctx.dashboards.load(currentAuth(request).user.id, () =>
          dashboard(ctx, viewerOf(currentAuth(request))),
        ),
      };
    },
  } satisfies Handlers;
}
