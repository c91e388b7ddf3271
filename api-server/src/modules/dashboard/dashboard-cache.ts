import type { Schema } from '@cityquest/contract';
import type { Coordination } from '../../lib/coordination.ts';
import { createSharedLoads } from '../../lib/shared-loads.ts';
import type { LiveEvents } from '../live-events/index.ts';

type Dashboard = Schema<'QuestDashboard'>;

/** Explorers whose dashboards are kept at once; the least recently read are dropped first. */
const KEPT = 10_000;

export type DashboardCache = {
  /** The explorer's dashboard as last loaded, or a new load (concurrent loads of one explorer share one). */
  load(userId: string, load: () => Promise<Dashboard>): Promise<Dashboard>;
};

/**
 * Each explorer's quest dashboard, kept for `ttlMs` unless something changes it first: their own writes
 * (coordination's 'writes', published by every instance before the answer of a writing request leaves), anything
 * the live stream tells them (a proof decided, a completion, a notification such as a quest decision), and any
 * change to the approved catalogue (recommendations, a deleted quest), which clears them all. Events are heard
 * only while this instance listens, so the first load starts listening, and a gap in listening clears everything
 * (docs/product-rules/quests.md#quest-dashboard).
 */
export function createDashboardCache(deps: {
  ttlMs: number;
  coordination: Pick<Coordination, 'onInvalidate'>;
  liveEvents: Pick<LiveEvents, 'ready' | 'watch'>;
}): DashboardCache {
  if (deps.ttlMs <= 0) return { load: (_userId, load) => load() };
  const dashboards = createSharedLoads<Dashboard>(KEPT, deps.ttlMs);
  deps.coordination.onInvalidate('writes', (userId) => dashboards.forget(userId));
  deps.coordination.onInvalidate('catalogue', () => dashboards.forgetAll());
  deps.liveEvents.watch({
    heard: (userId) => {
      if (userId !== null) dashboards.forget(userId);
    },
    missed: () => dashboards.forgetAll(),
  });
  return {
    async load(userId, load) {
      // Not listening (the database refused), nothing would clear a kept answer: load afresh instead.
      const listening = await deps.liveEvents.ready().then(
        () => true,
        () => false,
      );
      return listening ? dashboards.load(userId, load) : load();
    },
  };
}
