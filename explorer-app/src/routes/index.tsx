import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

export const Route = createFileRoute('/')({
  // Only the signed-in dashboard needs the quest strings; visitors get the landing page without them.
  loader: ({ context }) => (context.auth.getState().isAuthenticated ? loadNamespaces('quests') : undefined),
  component: HomePage,
});
