import { createFileRoute } from '@tanstack/react-router';
import { EditQuestPage } from '../../features/create-quest/edit-quest-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/edit-quest/$questId')({
  loader: () => loadNamespaces('create'),
  component: EditQuestRoute,
});

function EditQuestRoute() {
  const { questId } = Route.useParams();
  return <EditQuestPage questId={questId} />;
}
