import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { devOutbox } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Handlers } from '../../lib/route-types.ts';

const startedAt = Date.now();

export function systemHandlers(ctx: AppContext) {
  return {
    async getHealth() {
      try {
        await ctx.database.ping();
      } catch {
        throw new HttpError(503, 'The database is not answering');
      }
      return {
        message: 'OK',
        data: {
          status: 'ok' as const,
          database: ctx.database.kind,
          uptimeSeconds: (Date.now() - startedAt) / 1000,
        },
      };
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
