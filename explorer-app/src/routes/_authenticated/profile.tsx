import { oneOf } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { PROFILE_TABS, type ProfileTab } from '../../features/profile/profile-api.ts';
import { MyProfilePage } from '../../features/profile/profile-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';

type ProfileSearch = { tab: ProfileTab };
const DEFAULT_SEARCH = { tab: 'overview' } as const satisfies ProfileSearch;

export const Route = createFileRoute('/_authenticated/profile')({
  // The open tab is in the URL (Overview, the default, is left out), so back and shared links keep it.
  validateSearch: (search: Partial<ProfileSearch> & SearchSchemaInput): ProfileSearch => ({
    tab: oneOf(PROFILE_TABS, search.tab) ?? DEFAULT_SEARCH.tab,
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SEARCH)] },
  loader: ({ context: { queryClient } }) =>
    Promise.all([loadNamespaces('profile'), queryClient.ensureQueryData(questQueries.myProfile())]),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyProfilePage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next } })} />;
}
