import type { Db } from '../db/client.ts';
import { createSharedLoads } from '../lib/shared-loads.ts';
import { findUserById, type UserRow } from '../modules/users/user-repository.ts';

export type AccountCache = {
  find(id: string): Promise<UserRow | undefined>;
  forget(id: string): void;
  forgetAll(): void;
};

/**
 * Every authenticated call reads its account, so a suspension or deletion is refused at once. On the embedded
 * database that read was most of the cost of a cached catalogue page, so accounts read for authentication are
 * shared for a moment (concurrent reads of one account share one trip to the database). The app forgets them
 * all when any request that can write has finished, before its answer leaves, so the next call of this process
 * sees every suspension, role change, xp award and profile edit; other API instances follow within the TTL.
 * ttlMs 0 reads the database on every call.
 */
export function createAccountCache(db: Db, ttlMs: number): AccountCache {
  if (ttlMs <= 0) return { find: (id) => findUserById(db, id), forget() {}, forgetAll() {} };
  const loads = createSharedLoads<UserRow | undefined>(10_000, ttlMs);
  return {
    find: (id) => loads.load(id, () => findUserById(db, id)),
    forget: loads.forget,
    forgetAll: loads.forgetAll,
  };
}
