import type { Coordination } from '../../lib/coordination.ts';
import { type CacheStats, createSharedLoads } from '../../lib/shared-loads.ts';

/**
 * The approved catalogue (lists, search, featured, popular) and the parts of a quest page every viewer shares
 * (the quest, its creator, photos, tasks, tips and latest reviews) read the same for every explorer, so identical
 * reads share one answer for a moment, and concurrent identical reads share one trip to the database. A write to
 * a quest clears what shows it at once (`forgetQuest` for its page, `clear` for everything): in this app, and in
 * the other API instances over Redis when REDIS_URL is set (otherwise they follow within the TTL, as every
 * instance does after a creator renames themselves; docs/product-rules/quests.md#visibility).
 * What it keeps carries public file addresses only (quest photos, avatars), which depend on configuration alone;
 * a signed (private) address expires and must never be kept here.
 */
export type CatalogueCache = {
  load<T>(key: string, load: () => Promise<T>): Promise<T>;
  loadQuest<T>(questId: string, load: () => Promise<T>): Promise<T>;
  forgetQuest(questId: string): Promise<void>;
  clear(): Promise<void>;
  /** Lookups of the lists and of the quest pages together. */
  stats(): CacheStats;
};

/** Quest pages kept at once: the hot ones of a city, not all of them. */
const QUEST_PAGES = 2000;

/**
 * One per app (on its context); ttlMs 0 turns it off (the API tests read their own writes at once). Off or on, a
 * change is still announced to every instance: other answers kept from the catalogue (dashboards) hear it.
 */
export function createCatalogueCache(
  ttlMs: number,
  coordination: Pick<Coordination, 'invalidate' | 'onInvalidate'>,
  /** Runs each load; with read replicas, on the primary for a while after a write cleared it (ReadRouting). */
  fill: <T>(load: () => Promise<T>, questId?: string) => Promise<T> = (load) => load(),
): CatalogueCache {
  if (ttlMs <= 0) {
    return {
      load: (_key, load) => load(),
      loadQuest: (_id, load) => load(),
      forgetQuest: (questId) => coordination.invalidate('quest', questId),
      clear: () => coordination.invalidate('catalogue', '*'),
      stats: () => ({ hits: 0, misses: 0 }),
    };
  }
  const lists = createSharedLoads<unknown>(1000, ttlMs);
  const pages = createSharedLoads<unknown>(QUEST_PAGES, ttlMs);
  coordination.onInvalidate('quest', (questId) => pages.forget(questId));
  coordination.onInvalidate('catalogue', () => {
    lists.forgetAll();
    pages.forgetAll();
  });
  return {
    load: (key, load) => lists.load(key, () => fill(load)) as ReturnType<typeof load>,
    loadQuest: (questId, load) => pages.load(questId, () => fill(load, questId)) as ReturnType<typeof load>,
    forgetQuest: (questId) => coordination.invalidate('quest', questId),
    clear: () => coordination.invalidate('catalogue', '*'),
    stats: () => {
      const [list, page] = [lists.stats(), pages.stats()];
      return { hits: list.hits + page.hits, misses: list.misses + page.misses };
    },
  };
}
