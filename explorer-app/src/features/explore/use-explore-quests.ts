import { listQuests, type QuestSummary } from '../../lib/quests/quest-api.ts';
import { useLoad } from '../../lib/quests/use-load.ts';

const NONE: QuestSummary[] = [];

/** The map view's quests: page 1, limit 50 (explorer-and-visitor.md section 7). */
export function useExploreQuests() {
  const { data, loading, error, reload } = useLoad(
    () => listQuests({ page: 1, limit: 50 }),
    'Failed to fetch quests',
    'explore-map',
  );
  // One empty list for every render while loading: the map's background render compares it by identity.
  return { quests: data?.quests ?? NONE, total: data?.pagination.totalQuests ?? 0, loading, error, reload };
}
