import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/settings-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/settings')({
  loader: () => loadNamespaces('security', 'notifications'),
  component: SettingsPage,
});
