import { createFileRoute } from '@tanstack/react-router';
import { CreateQuestPage } from '../../features/create-quest/create-quest-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/create-quest')({
  loader: () => loadNamespaces('create'),
  component: CreateQuestPage,
});
