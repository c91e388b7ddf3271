import { SEARCH_LIMITS } from '@cityquest/contract';
import { textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { FriendsPage } from '../../features/friends/friends-page.tsx';
import { friendQueries } from '../../lib/friends/friends-api.ts';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/friends')({
  validateSearch: (search: Record<string, unknown>): { username?: string } => {
    const username = textParam(search.username, SEARCH_LIMITS.username);
    return username ? { username } : {};
  },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      loadNamespaces('profile'),
      queryClient.ensureQueryData(friendQueries.mine()),
      queryClient.ensureQueryData(friendQueries.pending()),
      queryClient.ensureQueryData(friendQueries.sent()),
    ]),
  component: FriendsRoute,
});

function FriendsRoute() {
  const { username } = Route.useSearch();
  return <FriendsPage username={username} />;
}
