import {
  apiKey,
  CATEGORY_FILTERS,
  type CategoryFilter,
  QUEST_STATUS_FILTERS,
  type QuestStatusFilter,
  type Schema,
  unwrap,
} from '@cityquest/openapi';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

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

/** What an approval tells the creator (docs/product-rules/moderation.md#quest-review). */
export const APPROVAL_FEEDBACK = 'Quest approved by admin';

export const adminQuestsQueries = {
  // Filters left out of the search are left out of the call as well (docs/product-rules/moderation.md#admin-lists).
  list: ({ page = 1, search, status, category }: QuestListSearch) => {
    const query = { page, limit: MODERATION_PAGE_SIZE, status, category, search };
    return queryOptions({
      queryKey: apiKey('/admin/quests', { query }),
      queryFn: () =>
        unwrap(api().GET('/admin/quests', { params: { query } }), 'Failed to fetch quests for admin'),
    });
  },
};

/**
 * What every moderation action refreshes (docs/product-rules/admin-screens.md#quest-moderation-screen): the
 * moderation lists, the dashboard's pending approvals and the action log that records it, plus `also`.
 */
function onModerated(queryClient: QueryClient, also: readonly (readonly unknown[])[] = []) {
  const keys = [
    apiKey('/admin/quests'),
    apiKey('/admin/quests/pending'),
    apiKey('/admin/action-logs'),
    ...also,
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A decision moves the quest between the status counters. */
export function useApproveQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/approve', {
          params: { path: { id } },
          body: { feedback: APPROVAL_FEEDBACK },
        }),
        'Failed to approve quest',
      ),
    onSuccess: () => onModerated(queryClient, [apiKey('/admin/dashboard')]),
  });
}

export function useRejectQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(
        api().PATCH('/admin/quests/{id}/reject', {
          params: { path: { id } },
          body: { reason: reason.trim() },
        }),
        'Failed to reject quest',
      ),
    onSuccess: () => onModerated(queryClient, [apiKey('/admin/dashboard')]),
  });
}

/** An edit keeps the quest's status, so the counters stay as they are. */
export function useUpdateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: QuestUpdate }) =>
      unwrap(api().PUT('/admin/quests/{id}', { params: { path: { id } }, body }), 'Failed to update quest'),
    onSuccess: () => onModerated(queryClient),
  });
}

/** A deletion changes the counters and the creator's count of created quests. */
export function useDeleteQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api().DELETE('/admin/quests/{id}', { params: { path: { id } } }), 'Failed to delete quest'),
    onSuccess: () => onModerated(queryClient, [apiKey('/admin/dashboard'), apiKey('/admin/users')]),
  });
}
