import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import * as insights from './insights-service.ts';

export function insightsHandlers(ctx: AppContext) {
  return {
    async getAdminDashboard() {
      return { message: 'Admin dashboard fetched', data: await insights.dashboard(ctx) };
    },
    async getAnalytics(request) {
      return { message: 'Analytics fetched', data: await insights.analytics(ctx, request.query.timeframe) };
    },
  } satisfies Handlers;
}
