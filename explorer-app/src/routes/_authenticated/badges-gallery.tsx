import { createFileRoute } from '@tanstack/react-router';
import { BadgesGalleryPage } from '../../features/badges/badges-gallery-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/badges-gallery')({
  loader: () => loadNamespaces('badges'),
  component: BadgesGalleryPage,
});
