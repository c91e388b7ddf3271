import { createFileRoute } from '@tanstack/react-router';
import { ExplorePage } from '../features/explore/explore-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

export const Route = createFileRoute('/explore')({
  // Only the signed-in version lists quests; visitors get the marketing page without the quest strings.
  loader: ({ context }) => (context.auth.getState().isAuthenticated ? loadNamespaces('quests') : undefined),
  component: ExplorePage,
});
