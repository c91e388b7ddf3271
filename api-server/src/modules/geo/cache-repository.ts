import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GeoCallType, geoCache } from '../../db/schema.ts';

/** Entries kept per kind; the oldest written are dropped first (explorer-and-visitor.md section 9). */
export const MAX_CACHE_ENTRIES = 1000;

export type CacheEntry = { value: unknown; expiresAt: Date };

export async function readCache(db: Db, kind: GeoCallType, key: string): Promise<CacheEntry | undefined> {
  const [row] = await db
    .select({ value: geoCache.value, expiresAt: geoCache.expiresAt })
    .from(geoCache)
    .where(and(eq(geoCache.kind, kind), eq(geoCache.key, key)));
  return row;
}

/** Stores (or refreshes) an answer, then drops this kind's entries beyond the newest MAX_CACHE_ENTRIES. */
export async function writeCache(
  db: Db,
  kind: GeoCallType,
  key: string,
  value: unknown,
  ttlMs: number,
): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db
    .insert(geoCache)
    .values({ kind, key, value, createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: [geoCache.kind, geoCache.key], set: { value, createdAt: now, expiresAt } });
  const overflow = db
    .select({ key: geoCache.key })
    .from(geoCache)
    .where(eq(geoCache.kind, kind))
    .orderBy(desc(geoCache.createdAt), desc(geoCache.key))
    .offset(MAX_CACHE_ENTRIES);
  await db.delete(geoCache).where(and(eq(geoCache.kind, kind), inArray(geoCache.key, overflow)));
}
