import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { listActionLogs } from './action-log-page.ts';
import * as insights from './insights-service.ts';

export function insightsHandlers(ctx: AppContext) {
  return {
    async getAdminDashboard() {
      return { message: 'Admin dashboard fetched', data: await insights.dashboard(ctx) };
    },
    async getAnalytics(request) {
      return { message: 'Analytics fetched', data: await insights.analytics(ctx, request.query.timeframe) };
    },
    async listActionLogs(request) {
      return { message: 'Action logs fetched', data: await listActionLogs(ctx.reads, request.query) };
    },
  } satisfies Handlers;
}
