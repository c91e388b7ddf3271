import { type Schema, trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AdminQuest, type QuestQuery, questsApi } from './quests-api.ts';

type State = {
  quests: AdminQuest[];
  pagination: Schema<'QuestPagination'> | null;
  statusStats: Schema<'QuestStatusStats'> | null;
  loading: boolean;
  error: string | null;
};

/** One page of quests for the current filters; a slower answer to an older query never replaces a newer one. */
export function useAdminQuests({ page, search, status, category }: QuestQuery) {
  const [state, setState] = useState<State>({
    quests: [],
    pagination: null,
    statusStats: null,
    loading: true,
    error: null,
  });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, 'Failed to fetch quests for admin', () =>
        questsApi.list({ page, search, status, category }),
      );
      set({ quests: data.quests, pagination: data.pagination, statusStats: data.statusStats });
    } catch {
      // trackAsync stored the message
    }
  }, [page, search, status, category]);
  useEffect(() => {
    void load();
  }, [load]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, dismissError };
}
