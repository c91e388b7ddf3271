import { createFileRoute } from '@tanstack/react-router';
import { MyQuestPage } from '../../features/my-quest/my-quest-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/my-quest')({
  loader: () => loadNamespaces('quests', 'create'),
  component: MyQuestPage,
});
