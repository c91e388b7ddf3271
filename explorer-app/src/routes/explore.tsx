import { CATEGORIES, DIFFICULTIES, QUEST_SORTS, SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, pageParam, textParam } from '@cityquest/shared-ui';
import {
  createFileRoute,
  type SearchSchemaInput,
  stripSearchParams,
  useRouter,
} from '@tanstack/react-router';
import { DEFAULT_FILTERS, type ExploreFilters, exploreQueries } from '../features/explore/explore-api.ts';
import { ExplorePage } from '../features/explore/explore-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

export const Route = createFileRoute('/explore')({
  // The list's page, filters, search and sort, so Back, a refresh or a shared link shows the same list (the badge
  // pages link to a category). A missing or unknown value is its default and stays out of the URL; every key is
  // returned, as undefined when unset, because the router keeps search keys a validator leaves out.
  validateSearch: (search: Partial<ExploreFilters> & SearchSchemaInput): ExploreFilters => ({
    page: pageParam(search.page) ?? DEFAULT_FILTERS.page,
    category: oneOf(CATEGORIES, search.category),
    difficulty: oneOf(DIFFICULTIES, search.difficulty),
    search: textParam(search.search, SEARCH_LIMITS.text),
    sort: oneOf(QUEST_SORTS, search.sort) ?? DEFAULT_FILTERS.sort,
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_FILTERS)] },
  loaderDeps: ({ search }) => search,
  // Visitors read the same catalogue without a token (docs/product-rules/quests.md#visitors). Failures are left to
  // the screen, which shows them in the map's or the list's own section.
  loader: ({ context, deps, cause }) => {
    const data = Promise.all([
      context.queryClient.prefetchQuery(exploreQueries.list(deps)),
      context.queryClient.prefetchQuery(exploreQueries.map()),
    ]);
    // A filter changed on the screen: the list keeps showing the previous answer until the next one arrives.
    if (cause === 'stay') return undefined;
    return Promise.all([loadNamespaces('quests'), data]);
  },
  component: ExploreRoute,
});

function ExploreRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  return (
    <ExplorePage
      filters={filters}
      onFiltersChange={(change, options) => {
        // The explorer has already left for another page that is still loading (a search typed just before a quest
        // card was clicked lands after the click): writing the change now would take them back to Explore.
        if (router.latestLocation.pathname !== Route.fullPath) return;
        void navigate({
          // Any change but the page's own starts again at page 1.
          search: (previous) => ({ ...previous, page: DEFAULT_FILTERS.page, ...change }),
          replace: options?.replace,
          resetScroll: false,
        });
      }}
    />
  );
}
