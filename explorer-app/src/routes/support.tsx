import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/support/support-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

export const Route = createFileRoute('/support')({
  loader: () => loadNamespaces('support'),
  component: SupportPage,
});
