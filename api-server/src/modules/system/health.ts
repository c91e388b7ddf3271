import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';

const startedAt = Date.now();

/**
 * How long one probe of the dependencies answers every caller of GET /ready
 * (docs/ops/deployment.md#health-readiness-metrics-and-shutdown).
 */
export const READINESS_CACHE_MS = 5000;

/** The dependencies that did not answer, by name; none when ready. */
export type ReadinessProbe = () => Promise<string[]>;

/**
 * GET /ready's probe: this instance's database, Redis (when it has one) and file storage all answer. It listens only
 * after migrating, so answering at all says the migrations are applied. The route is public, and each probe pings the
 * database and Redis and may send the bucket a billable request: callers within READINESS_CACHE_MS of the last probe,
 * or while one runs, share its result (docs/ops/deployment.md#health-readiness-metrics-and-shutdown). What fails is
 * logged, once a probe.
 */
export function createReadinessProbe(
  ctx: Pick<AppContext, 'database' | 'coordination' | 'storage' | 'log'>,
  cacheMs = READINESS_CACHE_MS,
): ReadinessProbe {
  const probe = async () => {
    const failing: string[] = [];
    const attempt = async (name: string, check: () => Promise<unknown>) => {
      try {
        await check();
      } catch (error) {
        failing.push(name);
        ctx.log.warn({ err: error }, `Not ready: no answer from ${name}`);
      }
    };
    const { redis } = ctx.coordination;
    await Promise.all([
      attempt('the database', () => ctx.database.ping()),
      attempt('Redis', async () => redis?.ping()),
      attempt('the file storage', () => ctx.storage.check()),
    ]);
    return failing;
  };
  let latest: Promise<string[]> | undefined;
  let running = false;
  let settledAt = 0;
  return () => {
    if (latest && (running || Date.now() - settledAt < cacheMs)) return latest;
    running = true;
    latest = probe().finally(() => {
      running = false;
      settledAt = Date.now();
    });
    return latest;
  };
}

/**
 * GET /ready's answer: up or down for anyone; which dependency is which only for a caller holding METRICS_TOKEN,
 * as the names tell an outsider what to aim at (docs/ops/security.md#operations-endpoints).
 */
export async function checkReadiness(
  ctx: Pick<AppContext, 'database' | 'coordination'>,
  probe: ReadinessProbe,
  detailed: boolean,
): Promise<Schema<'Readiness'>> {
  const failing = await probe();
  if (failing.length)
    throw new HttpError(503, detailed ? `Not ready: no answer from ${failing.join(', ')}` : 'Not ready');
  if (!detailed) return { status: 'ready' };
  return {
    status: 'ready',
    database: ctx.database.kind,
    redis: ctx.coordination.redis ? 'ok' : 'not-configured',
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
