import { createFileRoute } from '@tanstack/react-router';
import { BadgeCollectionError, BadgeCollectionPage } from '../../features/badges/badge-collection-page.tsx';
import { badgeQueries } from '../../features/badges/badges-api.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';

export const Route = createFileRoute('/_authenticated/badge-collection')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      loadNamespaces('badges'),
      queryClient.ensureQueryData(badgeQueries.catalogue()),
      queryClient.ensureQueryData(questQueries.myProfile()),
    ]),
  component: BadgeCollectionPage,
  errorComponent: BadgeCollectionError,
});
