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

/** The list's state as the URL keeps it: an absent field is its default (page 1, every category, newest first). */
export type ExploreFilters = {
  page?: number;
  category?: Category;
  difficulty?: Difficulty;
  search?: string;
  sort?: QuestSortBy;
};

/** The list a URL without filters shows: page 1, newest first (and every category and difficulty). */
export const DEFAULT_FILTERS = { page: 1, sort: DEFAULT_SORT } satisfies ExploreFilters;

export const exploreQueries = {
  list: ({
    page = DEFAULT_FILTERS.page,
    category,
    difficulty,
    search,
    sort = DEFAULT_FILTERS.sort,
  }: ExploreFilters) =>
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
