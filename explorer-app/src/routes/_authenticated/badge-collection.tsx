import { createFileRoute } from '@tanstack/react-router';
import { BadgeCollectionPage } from '../../features/badges/badge-collection-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/badge-collection')({
  loader: () => loadNamespaces('badges'),
  component: BadgeCollectionPage,
});
