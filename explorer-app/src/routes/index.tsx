import { createFileRoute } from '@tanstack/react-router';
import { homeRows } from '../features/home/home-api.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { questQueries } from '../lib/quests/quest-api.ts';

export const Route = createFileRoute('/')({
  // Visitors get the static landing page: no quest strings, no data.
  loader: async ({ context: { user, queryClient } }) => {
    if (!user) return;
    // The rows are secondary: they start with the dashboard and show their own loading and failure.
    void queryClient.prefetchQuery(homeRows.next());
    void queryClient.prefetchQuery(homeRows.featured());
    void queryClient.prefetchQuery(homeRows.popular());
    await Promise.all([loadNamespaces('quests'), queryClient.ensureQueryData(questQueries.dashboard())]);
  },
  component: HomePage,
});
