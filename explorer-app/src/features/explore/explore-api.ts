import { apiKey, type operations, unwrap } from '@cityquest/openapi';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { Category, Difficulty, QuestSortBy } from '../../lib/quests/quest-api.ts';

/** Explore's list loads 12 quests a page; its map shows the first 50. */
export const EXPLORE_LIMIT = 12;
const MAP_LIMIT = 50;
export const SEARCH_MAX_LENGTH = 100;
export const DEFAULT_SORT: QuestSortBy = 'newest';

/** The list's state as the URL keeps it: an absent field is its default (page 1, every category, newest first). */
export type ExploreFilters = {
  page?: number;
  category?: Category;
  difficulty?: Difficulty;
  search?: string;
  sort?: QuestSortBy;
};

type QuestListQuery = NonNullable<operations['listQuests']['parameters']['query']>;

const listQuests = (query: QuestListQuery) =>
  unwrap(api().GET('/quests', { params: { query } }), 'Failed to fetch quests');

export const exploreQueries = {
  list: ({ page = 1, category, difficulty, search, sort }: ExploreFilters) => {
    const query: QuestListQuery = {
      page,
      limit: EXPLORE_LIMIT,
      ...(search ? { searchQuery: search } : {}),
      category: category ?? 'all',
      difficulty: difficulty ?? 'all',
      sortBy: sort ?? DEFAULT_SORT,
    };
    return queryOptions({ queryKey: apiKey('/quests', { query }), queryFn: () => listQuests(query) });
  },
  map: () => {
    const query = { page: 1, limit: MAP_LIMIT };
    return queryOptions({ queryKey: apiKey('/quests', { query }), queryFn: () => listQuests(query) });
  },
};
