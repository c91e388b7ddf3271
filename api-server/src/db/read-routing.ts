import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { Coordination } from '../lib/coordination.ts';
import type { Database, Db } from './client.ts';
import { checkEveryMs } from './replicas.ts';

/**
 * Which reads a replica answers (docs/ops/database.md#read-replicas). A route opts in by reading through `db`
 * (ctx.reads); each of its statements then goes to a fresh replica when the request is a read (GET, HEAD) by a
 * caller who has not written within the window, and to the primary otherwise. Without replicas `db` is the
 * primary and the rest does nothing.
 */
export type ReadRouting = {
  db: Db;
  /** Runs one request; `replicaAllowed` is asked at each statement (the caller is known only after sign-in). */
  within<T>(replicaAllowed: () => boolean, run: () => T): T;
  /** Whether the account wrote within the window, so its reads must see its writes. */
  wroteRecently(userId: string | undefined): boolean;
  /**
   * Runs a load of the catalogue cache (a list, or `questId`'s page). Within the window after a write cleared
   * that entry it reads the primary: a replica that had not replayed the write would keep the old answer cached.
   */
  fillShared<T>(load: () => Promise<T>, questId?: string): Promise<T>;
};

/** Writers and cleared cache entries remembered at once; past this the oldest is forgotten. */
const WRITERS_KEPT = 100_000;

export function createReadRouting(
  database: Pick<Database, 'db' | 'replicas' | 'replicaMaxLagMs'>,
  coordination: Pick<Coordination, 'invalidate' | 'onInvalidate'>,
): ReadRouting {
  const { db: primary, replicas } = database;
  if (!replicas) {
    return {
      db: primary,
      within: (_allowed, run) => run(),
      wroteRecently: () => false,
      fillShared: (load) => load(),
    };
  }
  // A replica judged fresh at its last check may have fallen behind until the next one.
  const windowMs = database.replicaMaxLagMs + checkEveryMs(database.replicaMaxLagMs);
  const writers = new LRUCache<string, true>({ max: WRITERS_KEPT, ttl: windowMs });
  // Published by app.ts for each writing request, on every instance, before its answer leaves.
  coordination.onInvalidate('writes', (userId) => writers.set(userId, true));
  const cleared = new LRUCache<string, true>({ max: WRITERS_KEPT, ttl: windowMs });
  coordination.onInvalidate('catalogue', () => cleared.set('catalogue', true));
  coordination.onInvalidate('quest', (questId) => cleared.set(`quest:${questId}`, true));

  // A request keeps the replica it was first given, so a prepared query is built and stored on the same one.
  const scope = new AsyncLocalStorage<{ replicaAllowed: () => boolean; replica?: Db }>();
  const current = (): Db => {
    const request = scope.getStore();
    if (!request?.replicaAllowed()) return primary;
    request.replica ??= replicas.pick();
    return request.replica ?? primary;
  };
  const db = new Proxy(primary, {
    get(_primary, property) {
      if (property === 'transaction') {
        throw new Error('Reads a replica may answer never open a transaction: use ctx.db');
      }
      const target = current();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db,
    within: (replicaAllowed, run) => scope.run({ replicaAllowed }, run),
    wroteRecently: (userId) => userId !== undefined && writers.has(userId),
    fillShared: (load, questId) =>
      cleared.has('catalogue') || (questId !== undefined && cleared.has(`quest:${questId}`))
        ? scope.run({ replicaAllowed: () => false }, load)
        : load(),
  };
}
