import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { devOutbox } from '../../db/schema.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { checkHealth, checkReadiness } from './health.ts';

export function systemHandlers(ctx: AppContext) {
  return {
    async getHealth() {
      return { message: 'OK', data: await checkHealth(ctx) };
    },
    async getReadiness() {
      return { message: 'Ready', data: await checkReadiness(ctx) };
    },
    async listDevOutbox(request) {
      const to = request.query.to?.trim().toLowerCase();
      const rows = await ctx.db
        .select()
        .from(devOutbox)
        .where(to ? eq(devOutbox.to, to) : undefined)
        .orderBy(desc(devOutbox.sentAt))
        .limit(100);
      return {
        message: 'Dev outbox',
        data: rows.map((row) => ({
          to: row.to,
          subject: row.subject,
          text: row.text,
          sentAt: row.sentAt.toISOString(),
        })),
      };
    },
  } satisfies Handlers;
}
