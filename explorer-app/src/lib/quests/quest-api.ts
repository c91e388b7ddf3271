import type { Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getPages, getQuery } from '../api.ts';
import { auth } from '../auth-api.ts';

export type QuestSummary = Schema<'QuestSummary'>;
export type Quest = Schema<'Quest'>;
export type Category = Schema<'Category'>;
export type Difficulty = Schema<'Difficulty'>;
export type QuestSortBy = Schema<'QuestSortBy'>;
export type ProgressSummary = Schema<'ProgressSummary'>;
export type QuestDashboard = Schema<'QuestDashboard'>;
export type MyProfile = Schema<'MyProfile'>;
export type Review = Schema<'Review'>;

// The badge screen counts its category badges from this list.
export { CATEGORIES } from '@cityquest/contract';

const REVIEWS_PAGE = 10;

export type QuestFilters = {
  page: number;
  limit: number;
  searchQuery?: string;
  category?: Category | 'all';
  difficulty?: Difficulty | 'all';
  sortBy?: QuestSortBy;
};

// Fallback messages: docs/product-rules/messages.md#explorer-app-fallbacks.
export const questQueries = {
  /** A page of the catalogue, filtered and sorted (Explore, and the home's next adventures). */
  list: (query: QuestFilters) => getQuery('/quests', { query }),
  detail: (id: string) => getQuery('/quests/{id}', { path: { id } }),
  /** A quest's reviews, newest first, with the community rating; each further page is appended. */
  reviews: (questId: string) =>
    getPages('/quest-reviews/{questId}', { path: { questId }, query: { limit: REVIEWS_PAGE } }),
  dashboard: () => getQuery('/quests/my-dashboard'),
  myProfile: () => getQuery('/users/my-profile'),
  featured: (limit: number) => getQuery('/quests/featured', { query: { limit } }),
  popular: (limit: number) => getQuery('/quests/popular', { query: { limit } }),
  /** The first `limit` quests of a category. */
  category: (category: Category, limit: number) =>
    getQuery('/quests/category/{category}', { path: { category }, query: { page: 1, limit } }),
};

/**
 * What starting or abandoning a quest changes: the dashboard and My Quest (ongoing quests and counters), the
 * quest's page and its progress record, and the header's user.
 */
function refreshProgressOf(queryClient: QueryClient, questId: string) {
  return Promise.all([
    auth.refreshUser(queryClient),
    queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-dashboard') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/users/my-profile') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/quest-progress/ongoing') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/quest-progress/{questId}', { path: { questId } }) }),
    queryClient.invalidateQueries({ queryKey: apiKey('/quests/{id}', { path: { id: questId } }) }),
  ]);
}

/** Starts a quest (its id); the ongoing limit fails with a 429 (see isOngoingLimitError). */
export function useStartQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questId: string) =>
      unwrap(api().POST('/quest-progress/start', { body: { questId } }), 'Failed to start quest'),
    onSuccess: (_progress, questId) => refreshProgressOf(queryClient, questId),
  });
}

/** Abandons an ongoing quest (its id), freeing a place (docs/product-rules/quests.md#abandoning-a-quest). */
export function useAbandonQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questId: string) =>
      unwrap(
        api().DELETE('/quest-progress/{questId}', { params: { path: { questId } } }),
        'Failed to abandon quest',
      ),
    onSuccess: (_deleted, questId) => refreshProgressOf(queryClient, questId),
  });
}

/** Rates and reviews a quest; its page (average, breakdown, recent reviews) and its reviews follow. */
export function useSubmitReview(questId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: number; comment: string }) =>
      unwrap(
        api().POST('/quest-reviews/{questId}', { params: { path: { questId } }, body }),
        'Failed to submit review',
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('/quests/{id}', { path: { id: questId } }) }),
        queryClient.invalidateQueries({
          queryKey: apiKey('/quest-reviews/{questId}', { path: { questId } }),
        }),
      ]),
  });
}

export type QuestRoute = Quest['routes'][number];
export type RouteEnd = { name: string; point: { lat: number; lng: number; name: string } | null };

/** A route's start or end: its place name, with its point when the quest has one (`*_coordinates`). */
export function routeEnd(route: QuestRoute, end: 'start' | 'end'): RouteEnd {
  const name = end === 'start' ? route.start_location : route.end_location;
  const coordinates = end === 'start' ? route.start_coordinates : route.end_coordinates;
  return { name, point: coordinates ? { ...coordinates, name } : null };
}

/** The cover of a quest (`files[0]`), or null for the default image. */
export const coverOf = (quest: { files: { file_url: string }[] }) => quest.files[0]?.file_url ?? null;

/**
 * Ongoing progress = completed tasks / total tasks (at least 1), as a rounded percent
 * (docs/product-rules/explorer-screens.md#home-dashboard).
 */
export const progressPercent = (record: { completed_tasks: unknown[]; total_tasks: number }) =>
  Math.min(100, Math.round((record.completed_tasks.length / Math.max(1, record.total_tasks)) * 100));
