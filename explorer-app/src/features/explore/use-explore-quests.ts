import { type Schema, trackAsync, unwrap } from '@cityquest/openapi';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

type State = { quests: Schema<'QuestSummary'>[]; total: number; loading: boolean; error: string | null };

/** The map view's quests: page 1, limit 50 (explorer-and-visitor.md section 7). */
export function useExploreQuests() {
  const [state, setState] = useState<State>({ quests: [], total: 0, loading: true, error: null });
  const load = useCallback(async () => {
    const set = (partial: Partial<State>) => setState((current) => ({ ...current, ...partial }));
    try {
      const data = await trackAsync(set, 'Failed to fetch quests', () =>
        unwrap(api().GET('/quests', { params: { query: { page: 1, limit: 50 } } }), 'Failed to fetch quests'),
      );
      set({ quests: data.quests, total: data.pagination.totalQuests });
    } catch {
      // trackAsync stored the message
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { ...state, reload: load };
}
