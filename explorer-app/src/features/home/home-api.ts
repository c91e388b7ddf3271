import { questQueries } from '../../lib/quests/quest-api.ts';

// Next adventure 4, featured 3, popular 4 (docs/product-rules/explorer-screens.md#home-dashboard).
const NEXT_LIMIT = 4;
const FEATURED_LIMIT = 3;
const POPULAR_LIMIT = 4;

/** The rows beside the dashboard: the route starts them with it, the screen reads them as they come. */
export const homeRows = {
  next: () => questQueries.list({ page: 1, limit: NEXT_LIMIT }),
  featured: () => questQueries.featured(FEATURED_LIMIT),
  popular: () => questQueries.popular(POPULAR_LIMIT),
};
