import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GeoCallType, geoCache } from './tables/geo.tables.ts';

/**
 * Entries kept per kind; the oldest written are dropped first
 * (docs/product-rules/maps-and-location.md#geo-caches).
 */
export const MAX_CACHE_ENTRIES = 1000;
/**
 * Entries of one kind that one account's lookups may hold: past it, that account's own oldest entry makes room,
 * so one user's stream of distinct lookups can push out at most this many of everyone else's.
 */
export const MAX_ENTRIES_PER_OWNER = MAX_CACHE_ENTRIES / 10;

export type CacheEntry = { value: unknown; expiresAt: Date };

export async function readCache(db: Db, kind: GeoCallType, key: string): Promise<CacheEntry | undefined> {
  const [row] = await db
    .select({ value: geoCache.value, expiresAt: geoCache.expiresAt })
    .from(geoCache)
    .where(and(eq(geoCache.kind, kind), eq(geoCache.key, key)));
  return row;
}

export type CacheWrite = { kind: GeoCallType; key: string; value: unknown; ttlMs: number; ownerId: string };

/**
 * Stores (or refreshes) an answer on behalf of the account whose lookup fetched it, drops that account's
 * entries of this kind beyond its share, then this kind's entries beyond the newest MAX_CACHE_ENTRIES.
 */
export async function writeCache(db: Db, { kind, key, value, ttlMs, ownerId }: CacheWrite): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db
    .insert(geoCache)
    .values({ kind, key, value, ownerId, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [geoCache.kind, geoCache.key],
      set: { value, ownerId, createdAt: now, expiresAt },
    });
  const beyondShare = db
    .select({ key: geoCache.key })
    .from(geoCache)
    .where(and(eq(geoCache.kind, kind), eq(geoCache.ownerId, ownerId)))
    .orderBy(desc(geoCache.createdAt), desc(geoCache.key))
    .offset(MAX_ENTRIES_PER_OWNER);
  await db.delete(geoCache).where(and(eq(geoCache.kind, kind), inArray(geoCache.key, beyondShare)));
  const overflow = db
    .select({ key: geoCache.key })
    .from(geoCache)
    .where(eq(geoCache.kind, kind))
    .orderBy(desc(geoCache.createdAt), desc(geoCache.key))
    .offset(MAX_CACHE_ENTRIES);
  await db.delete(geoCache).where(and(eq(geoCache.kind, kind), inArray(geoCache.key, overflow)));
}
