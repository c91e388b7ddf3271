import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/info/legal-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

export const Route = createFileRoute('/terms')({
  loader: () => loadNamespaces('legal'),
  component: () => <LegalPage document="terms" />,
});
