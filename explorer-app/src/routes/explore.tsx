import { createFileRoute } from '@tanstack/react-router';
import { ExplorePage } from '../features/explore/explore-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { CATEGORIES, type Category } from '../lib/quests/quest-api.ts';

type ExploreSearch = { category?: Category };

export const Route = createFileRoute('/explore')({
  // `category` preselects the list's filter so a filtered view can be shared (the badge pages link to it). An
  // unknown one is set to undefined rather than left out: the router keeps search keys a validator omits.
  validateSearch: (search: Record<string, unknown>): ExploreSearch => ({
    category: CATEGORIES.includes(search.category as Category) ? (search.category as Category) : undefined,
  }),
  // Only the signed-in version lists quests; visitors get the marketing page without the quest strings.
  loader: ({ context }) => (context.auth.getState().isAuthenticated ? loadNamespaces('quests') : undefined),
  component: ExploreRoute,
});

function ExploreRoute() {
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ExplorePage
      category={category ?? 'all'}
      onCategoryChange={(next) =>
        void navigate({
          search: (previous) => ({ ...previous, category: next === 'all' ? undefined : next }),
        })
      }
    />
  );
}
