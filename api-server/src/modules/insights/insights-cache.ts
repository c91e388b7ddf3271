import { createSharedLoads } from '../../lib/shared-loads.ts';

/**
 * The admin dashboard's and analytics' figures, which count over every user, quest and completion: computed at
 * most once per `ttlMs` for each view and shared by every admin of this instance. Answers say when they were
 * computed (`asOf`), so nobody takes a figure for live (docs/product-rules/moderation.md#dashboard-counters).
 */
export type InsightsCache = {
  load<T>(key: string, compute: () => Promise<T>): Promise<T>;
};

export function createInsightsCache(ttlMs: number): InsightsCache {
  if (ttlMs <= 0) return { load: (_key, compute) => compute() };
  const loads = createSharedLoads<unknown>(16, ttlMs);
  return { load: (key, compute) => loads.load(key, compute) as ReturnType<typeof compute> };
}
