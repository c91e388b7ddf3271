import type { Db } from '../../db/client.ts';
import type { Coordination } from '../../lib/coordination.ts';
import { type CacheStats, createSharedLoads } from '../../lib/shared-loads.ts';
import { type AccountSession, findAccountSession } from './session-repository.ts';

export type AccountCache = {
  /** The account of an access token and whether its session is live; undefined for a deleted account. */
  find(userId: string, sessionId: string): Promise<AccountSession | undefined>;
  /** Forgets every cached session of one account, in every API instance (see lib/coordination.ts). */
  forget(userId: string): Promise<void>;
  forgetAll(): Promise<void>;
  stats(): CacheStats;
};

const EVERY_ACCOUNT = '*';

/**
 * Every authenticated call reads its account and its session, so a suspension, deletion or revoked session
 * (logout, password change or reset, role change) is refused at once. On the embedded database that read was
 * most of the cost of a cached catalogue page, so what authentication reads is shared for a moment per
 * (account, session) (concurrent reads share one trip to the database). Revoking a session forgets its
 * account, and the app forgets them all when any request that can write has finished, before its answer
 * leaves, so the next call of this process sees every suspension, role change, revocation, xp award and
 * profile edit. Other API instances hear of it over Redis when REDIS_URL is set, and otherwise follow within the
 * TTL. ttlMs 0 reads the database on every call.
 */
export function createAccountCache(
  db: Db,
  ttlMs: number,
  coordination: Pick<Coordination, 'invalidate' | 'onInvalidate'>,
): AccountCache {
  if (ttlMs <= 0) {
    return {
      find: (userId, sessionId) => findAccountSession(db, userId, sessionId),
      forget: async () => {},
      forgetAll: async () => {},
      stats: () => ({ hits: 0, misses: 0 }),
    };
  }
  const loads = createSharedLoads<AccountSession | undefined>(10_000, ttlMs);
  coordination.onInvalidate('accounts', (userId) => {
    if (userId === EVERY_ACCOUNT) loads.forgetAll();
    else loads.forgetMatching((key) => key.startsWith(`${userId}:`));
  });
  return {
    find: (userId, sessionId) =>
      loads.load(`${userId}:${sessionId}`, () => findAccountSession(db, userId, sessionId)),
    forget: (userId) => coordination.invalidate('accounts', userId),
    forgetAll: () => coordination.invalidate('accounts', EVERY_ACCOUNT),
    stats: loads.stats,
  };
}
