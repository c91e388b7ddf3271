import { createFileRoute } from '@tanstack/react-router';
import { badgeQueries } from '../../../api/badges-api.ts';
import { BadgesPage } from '../../../features/badges/badges-page.tsx';

export const Route = createFileRoute('/_admin/admin/badges')({
  // Started, not awaited: the screen shows its loader, or a failure with Try Again, in place; hovering a link to
  // the screen starts the catalogue all the same.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(badgeQueries.catalogue());
  },
  component: BadgesPage,
});
