import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { type QuestQuery, questsApi } from './quests-api.ts';

/** One page of quests for the current filters; a slower answer to an older query never replaces a newer one. */
export function useAdminQuests({ page, search, status, category }: QuestQuery) {
  const { data, setData, ...request } = useLatestRequest(
    () => questsApi.list({ page, search, status, category }),
    'Failed to fetch quests for admin',
    [page, search, status, category],
  );
  return {
    ...request,
    quests: data?.quests ?? [],
    pagination: data?.pagination ?? null,
    statusStats: data?.statusStats ?? null,
  };
}
