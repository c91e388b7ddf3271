import type { Schema } from '@cityquest/openapi';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';

const startedAt = Date.now();

/**
 * GET /ready: this instance's database, Redis (when it has one) and file storage all answer. It listens only
 * after migrating, so answering at all says the migrations are applied.
 */
export async function checkReadiness(
  ctx: Pick<AppContext, 'database' | 'coordination' | 'storage'>,
): Promise<Schema<'Readiness'>> {
  const failing: string[] = [];
  const attempt = async (name: string, check: () => Promise<unknown>) => {
    try {
      await check();
    } catch {
      failing.push(name);
    }
  };
  const { redis } = ctx.coordination;
  await Promise.all([
    attempt('the database', () => ctx.database.ping()),
    attempt('Redis', async () => redis?.ping()),
    attempt('the file storage', () => ctx.storage.check()),
  ]);
  if (failing.length) throw new HttpError(503, `Not ready: no answer from ${failing.join(', ')}`);
  return {
    status: 'ready',
    database: ctx.database.kind,
    redis: redis ? 'ok' : 'not-configured',
    storage: 'ok',
  };
}

/** A real check: the database must answer a query. Used by GET /health and the admin dashboard. */
export async function checkHealth(ctx: Pick<AppContext, 'database'>): Promise<Schema<'Health'>> {
  try {
    await ctx.database.ping();
  } catch {
    throw new HttpError(503, 'The database is not answering');
  }
  return { status: 'ok', database: ctx.database.kind, uptimeSeconds: (Date.now() - startedAt) / 1000 };
}
