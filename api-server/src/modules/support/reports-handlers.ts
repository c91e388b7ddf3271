import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as reports from './reports-service.ts';

/** The admin console's report inbox: listing reports and resolving one. */
export function reportsHandlers(ctx: AppContext) {
  return {
    async listReports(request) {
      return { message: 'Reports fetched', data: await reports.listReports(ctx, request.query) };
    },
    async resolveReport(request) {
      const data = await reports.resolveReport(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.body,
      );
      return { message: 'Report resolved', data };
    },
  } satisfies Handlers;
}
