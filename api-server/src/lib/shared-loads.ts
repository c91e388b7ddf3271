import { LRUCache } from 'lru-cache';

export type SharedLoads<T> = {
  /** The answer of a load of `key` still within its TTL, or a new load; concurrent loads of a key share one. */
  load(key: string, loader: () => Promise<T>): Promise<T>;
  forget(key: string): void;
  /** Forgets every key the test accepts (a scan: meant for rare writes, not for every read). */
  forgetMatching(test: (key: string) => boolean): void;
  forgetAll(): void;
  /** Loads answered from memory (hits) and from their loader (misses) since the start, for /metrics. */
  stats(): CacheStats;
};

export type CacheStats = { hits: number; misses: number };

/** Loads kept for ttlMs, at most `max` keys; a failed load is dropped at once, so the next caller tries again. */
export function createSharedLoads<T>(max: number, ttlMs: number): SharedLoads<T> {
  const cache = new LRUCache<string, Promise<T>>({ max, ttl: ttlMs });
  const counted: CacheStats = { hits: 0, misses: 0 };
  return {
    load(key, loader) {
      const hit = cache.get(key);
      if (hit) {
        counted.hits += 1;
        return hit;
      }
      counted.misses += 1;
      const loading = loader();
      cache.set(key, loading);
      loading.catch(() => {
        if (cache.get(key) === loading) cache.delete(key);
      });
      return loading;
    },
    forget: (key) => void cache.delete(key),
    forgetMatching(test) {
      for (const key of [...cache.keys()]) if (test(key)) cache.delete(key);
    },
    forgetAll: () => cache.clear(),
    stats: () => ({ ...counted }),
  };
}
