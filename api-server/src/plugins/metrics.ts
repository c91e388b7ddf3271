import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaState } from '../db/replicas.ts';
import { sameSecret } from '../lib/same-secret.ts';
import type { CacheStats } from '../lib/shared-loads.ts';
import { sendError } from './errors.ts';

type MetricsOptions = {
  /** The bearer token Prometheus sends (METRICS_TOKEN). */
  token: string;
  /** The database pool's connections, for a server database (PGlite has none). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The read replicas' freshness (DATABASE_REPLICA_URL). */
  replicas?: () => ReplicaState[];
  /** The shared-read caches by name, with their lookups since the start. */
  caches: Record<string, () => CacheStats>;
};

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN
 * (docs/ops/deployment.md#health-readiness-metrics-and-shutdown): requests per route and status (429s are the rate
 * limits' refusals), latency per route, the database pool and replicas, the caches' hits and misses, and the process's
 * own CPU, memory, event loop lag and garbage collection. Each app has its own registry.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cityquest_' });
  const requests = new Counter({
    name: 'cityquest_http_requests_total',
    help: 'Answered requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'cityquest_http_request_duration_seconds',
    help: 'Time to answer, by route pattern and method',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const { pool } = options;
  if (pool) {
    new Gauge({
      name: 'cityquest_db_pool_connections',
      help: 'Database pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const counts = pool();
        this.set({ state: 'total' }, counts.total);
        this.set({ state: 'idle' }, counts.idle);
        this.set({ state: 'waiting' }, counts.waiting);
      },
    });
  }
  const { replicas } = options;
  if (replicas) {
    new Gauge({
      name: 'cityquest_db_replica_lag_seconds',
      help: 'How far each read replica trails the primary (absent while it does not answer)',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { address, lagMs } of replicas()) {
          if (lagMs !== undefined) this.set({ replica: address }, lagMs / 1000);
        }
      },
    });
    new Gauge({
      name: 'cityquest_db_replica_in_use',
      help: 'Whether reads go to each replica (1) or are left for the primary (0: lagging or not answering)',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const { address, inUse } of replicas()) this.set({ replica: address }, inUse ? 1 : 0);
      },
    });
  }
  // Prometheus counters only go up: each scrape adds what the caches counted since the one before.
  const reported = new Map<string, number>();
  new Counter({
    name: 'cityquest_cache_lookups_total',
    help: 'Lookups of the shared-read caches, answered from memory (hit) or from the database (miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      for (const [cache, stats] of Object.entries(options.caches)) {
        const counted = stats();
        for (const result of ['hits', 'misses'] as const) {
          const key = `${cache}:${result}`;
          this.inc(
            { cache, result: result === 'hits' ? 'hit' : 'miss' },
            counted[result] - (reported.get(key) ?? 0),
          );
          reported.set(key, counted[result]);
        }
      }
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never its path: ids would make a series per quest.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, options.token)) return sendError(reply, 401, 'A valid metrics token is required');
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
