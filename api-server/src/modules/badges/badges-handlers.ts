import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { toBadgeDto } from './badge-dto.ts';
import * as repo from './badges-repository.ts';

export function badgesHandlers(ctx: AppContext) {
  return {
    async listBadges() {
      const rows = await repo.listBadges(ctx.db);
      return { message: 'Badges fetched', data: rows.map((row) => toBadgeDto(row, ctx.files)) };
    },
  } satisfies Handlers;
}
