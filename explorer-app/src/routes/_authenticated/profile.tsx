import { oneOf } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { PROFILE_TABS, type ProfileTab } from '../../features/profile/profile-api.ts';
import { MyProfilePage } from '../../features/profile/profile-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';

export const Route = createFileRoute('/_authenticated/profile')({
  // The open tab is in the URL (Overview, the default, is left out), so back and shared links keep it.
  validateSearch: (search: Record<string, unknown>): { tab?: Exclude<ProfileTab, 'overview'> } => {
    const tab = oneOf(PROFILE_TABS, search.tab);
    return tab && tab !== 'overview' ? { tab } : {};
  },
  loader: ({ context: { queryClient } }) =>
    Promise.all([loadNamespaces('profile'), queryClient.ensureQueryData(questQueries.myProfile())]),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { tab = 'overview' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MyProfilePage
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === 'overview' ? {} : { tab: next } })}
    />
  );
}
