import {
  CATEGORY_FILTERS,
  type CategoryFilter,
  QUEST_STATUS_FILTERS,
  type QuestStatusFilter,
  type Schema,
} from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterModeration } from '../../api/quest-decisions-api.ts';
import { api, getQuery } from '../../lib/api.ts';

export type AdminQuest = Schema<'Quest'>;
export type QuestUpdate = Schema<'AdminQuestUpdateRequest'>;

/** The list as the screen's address holds it: page 1, no search and 'all' filters are left out. */
export type QuestListSearch = {
  page?: number;
  search?: string;
  status?: QuestStatusFilter;
  category?: CategoryFilter;
};

/** The filters an address may name: 'all' is the default, so it is left out. */
export const STATUS_CHOICES = QUEST_STATUS_FILTERS.filter((status) => status !== 'all');
export const CATEGORY_CHOICES = CATEGORY_FILTERS.filter((category) => category !== 'all');

/** The moderation list asks for 50 quests a page (docs/product-rules/admin-screens.md#quest-moderation-screen). */
export const MODERATION_PAGE_SIZE = 50;

export const adminQuestsQueries = {
  // Filters left out of the search are left out of the call as well (docs/product-rules/moderation.md#admin-lists).
  list: ({ page = 1, search, status, category }: QuestListSearch) =>
    getQuery('/admin/quests', { query: { page, limit: MODERATION_PAGE_SIZE, status, category, search } }),
};

/** An edit keeps the quest's status, so the counters stay as they are. */
export function useUpdateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: QuestUpdate }) =>
      unwrap(api().PUT('/admin/quests/{id}', { params: { path: { id } }, body }), 'Failed to update quest'),
    onSuccess: () => refreshAfterModeration(queryClient),
  });
}

/** A deletion changes the counters and the creator's count of created quests. */
export function useDeleteQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api().DELETE('/admin/quests/{id}', { params: { path: { id } } }), 'Failed to delete quest'),
    onSuccess: () =>
      refreshAfterModeration(queryClient, [apiKey('/admin/dashboard'), apiKey('/admin/users')]),
  });
}
