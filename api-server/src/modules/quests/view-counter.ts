import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Limiter } from '../../lib/coordination.ts';
import { addViews } from './quest-write-repository.ts';

/**
 * Quest page views, counted without a write per read (docs/product-rules/quests.md#views): each read adds to a
 * tally kept by this app, written in one statement every `flushMs` and when the app closes. A crash loses at
 * most the last `flushMs` of views. flushMs 0 writes each view at once (the API tests read the row after a read).
 */
export type ViewCounter = {
  /**
   * Counts one view, unless `reader` (an account, or a visitor's address) viewed the quest within the repeat
   * window; answers how many views to add to the quest's row as read (this one included).
   */
  count(questId: string, reader: string): Promise<number>;
  /** Views of the quest this app holds unwritten, for a read that does not count one (its creator's). */
  held(questId: string): number;
  flush(): Promise<void>;
  close(): Promise<void>;
};

export function createViewCounter(deps: {
  db: Db;
  flushMs: number;
  log: FastifyBaseLogger;
  /** Told which quests' rows the flush just wrote (their cached pages still show the views it held). */
  onFlushed?: (questIds: string[]) => void;
  /** One point per reader and quest per window, shared by the instances; absent, every read counts. */
  repeats?: Limiter;
}): ViewCounter {
  const { db, flushMs, log, onFlushed, repeats } = deps;
  /** A refresh within the window is no new view; if the limiter cannot answer, the read counts. */
  const isNewView = async (questId: string, reader: string) => {
    if (!repeats) return true;
    try {
      return (await repeats.take(`${questId}:${reader}`)).allowed;
    } catch (error) {
      log.warn({ err: error }, 'quest view repeats not checked; the view is counted');
      return true;
    }
  };
  if (flushMs <= 0) {
    return {
      async count(questId, reader) {
        if (!(await isNewView(questId, reader))) return 0;
        await addViews(db, new Map([[questId, 1]]));
        return 1;
      },
      held: () => 0,
      flush: async () => {},
      close: async () => {},
    };
  }
  let pending = new Map<string, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await addViews(db, batch);
      onFlushed?.([...batch.keys()]);
    } catch (error) {
      // Kept for the next flush rather than lost: a database hiccup must not drop the views it held.
      for (const [questId, views] of batch) pending.set(questId, (pending.get(questId) ?? 0) + views);
      log.warn({ err: error, quests: batch.size }, 'quest views not written; kept for the next flush');
    }
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    async count(questId, reader) {
      if (!(await isNewView(questId, reader))) return pending.get(questId) ?? 0;
      const views = (pending.get(questId) ?? 0) + 1;
      pending.set(questId, views);
      return views;
    },
    held: (questId) => pending.get(questId) ?? 0,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
