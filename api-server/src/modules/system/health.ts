import type { Schema } from '@cityquest/openapi';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';

const startedAt = Date.now();

/** A real check: the database must answer a query. Used by GET /health and the admin dashboard. */
export async function checkHealth(ctx: Pick<AppContext, 'database'>): Promise<Schema<'Health'>> {
  try {
    await ctx.database.ping();
  } catch {
    throw new HttpError(503, 'The database is not answering');
  }
  return { status: 'ok', database: ctx.database.kind, uptimeSeconds: (Date.now() - startedAt) / 1000 };
}
