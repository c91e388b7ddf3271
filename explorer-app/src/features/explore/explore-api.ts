import {
  type Category,
  type Difficulty,
  type QuestSortBy,
  questQueries,
} from '../../lib/quests/quest-api.ts';

/** Explore's list loads 12 quests a page; its map shows the first 50. */
export const EXPLORE_LIMIT = 12;
const MAP_LIMIT = 50;
export const DEFAULT_SORT: QuestSortBy = 'newest';

/**
 * The list's state as the route reads it from the URL: page and sort always set (their defaults are left out of the
 * URL), no category, difficulty or search for every quest.
 */
export type ExploreFilters = {
  page: number;
  category?: Category;
  difficulty?: Difficulty;
  search?: string;
  sort: QuestSortBy;
};

/** The list a URL without filters shows: page 1, newest first (and every category and difficulty). */
export const DEFAULT_FILTERS = { page: 1, sort: DEFAULT_SORT } satisfies ExploreFilters;

export const exploreQueries = {
  list: ({ page, category, difficulty, search, sort }: ExploreFilters) =>
    questQueries.list({
      page,
      limit: EXPLORE_LIMIT,
      ...(search ? { searchQuery: search } : {}),
      category: category ?? 'all',
      difficulty: difficulty ?? 'all',
      sortBy: sort,
    }),
  map: () => questQueries.list({ page: 1, limit: MAP_LIMIT }),
};
