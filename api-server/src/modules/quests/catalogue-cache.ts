import type { Db } from '../../db/client.ts';
import { createSharedLoads, type SharedLoads } from '../../lib/shared-loads.ts';

/**
 * The approved catalogue (lists, search, featured, popular) reads the same for every explorer, so identical
 * reads share one answer for a moment, and concurrent identical reads share one trip to the database. The
 * catalogue under load is the hottest path on the embedded database; a quest approved, rejected, edited or
 * deleted clears the cache of this process at once, and other API instances follow within the TTL.
 */
const caches = new WeakMap<Db, SharedLoads<unknown>>();

/** ttlMs 0 turns the cache off (the API tests read their own writes at once). */
export function configureCatalogueCache(db: Db, ttlMs: number): void {
  if (ttlMs > 0) caches.set(db, createSharedLoads(1000, ttlMs));
  else caches.delete(db);
}

export function cachedCatalogue<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? (cache.load(key, load) as Promise<T>) : load();
}

export function clearCatalogueCache(db: Db): void {
  caches.get(db)?.forgetAll();
}
