import { createSharedLoads } from '../../lib/shared-loads.ts';

/**
 * The approved catalogue (lists, search, featured, popular) reads the same for every explorer, so identical
 * reads share one answer for a moment, and concurrent identical reads share one trip to the database. The
 * catalogue under load is the hottest path on the embedded database; a quest approved, rejected, edited or
 * deleted clears the cache of this app at once, and other API instances follow within the TTL.
 */
export type CatalogueCache = {
  load<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

/** One per app (on its context); ttlMs 0 turns it off (the API tests read their own writes at once). */
export function createCatalogueCache(ttlMs: number): CatalogueCache {
  if (ttlMs <= 0) return { load: (_key, load) => load(), clear: () => {} };
  const loads = createSharedLoads<unknown>(1000, ttlMs);
  return {
    load: (key, load) => loads.load(key, load) as ReturnType<typeof load>,
    clear: () => loads.forgetAll(),
  };
}
