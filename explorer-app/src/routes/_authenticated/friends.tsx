import { createFileRoute } from '@tanstack/react-router';
import { FriendsPage } from '../../features/friends/friends-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/friends')({
  loader: () => loadNamespaces('profile'),
  component: FriendsPage,
});
