import { createFileRoute } from '@tanstack/react-router';
import { badgeQueries } from '../../features/badges/badges-api.ts';
import { BadgesGalleryError, BadgesGalleryPage } from '../../features/badges/badges-gallery-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';

export const Route = createFileRoute('/_authenticated/badges-gallery')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      loadNamespaces('badges'),
      queryClient.ensureQueryData(badgeQueries.catalogue()),
      queryClient.ensureQueryData(questQueries.myProfile()),
    ]),
  component: BadgesGalleryPage,
  errorComponent: BadgesGalleryError,
});
