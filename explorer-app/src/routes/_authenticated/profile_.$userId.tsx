import { createFileRoute } from '@tanstack/react-router';
import { profileQueries } from '../../features/profile/profile-api.ts';
import { PublicProfilePage } from '../../features/profile/profile-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/profile_/$userId')({
  loader: ({ context: { queryClient }, params: { userId } }) =>
    Promise.all([loadNamespaces('profile'), queryClient.ensureQueryData(profileQueries.of(userId))]),
  component: PublicProfileRoute,
});

function PublicProfileRoute() {
  const { userId } = Route.useParams();
  return <PublicProfilePage userId={userId} />;
}
