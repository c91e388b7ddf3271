import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { listActionLogs } from './action-log-repository.ts';

export function auditHandlers(ctx: AppContext) {
  return {
    async listActionLogs(request) {
      return { message: 'Action logs fetched', data: await listActionLogs(ctx.db, request.query) };
    },
  } satisfies Handlers;
}
