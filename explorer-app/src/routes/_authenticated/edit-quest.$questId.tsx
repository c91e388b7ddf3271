import { createFileRoute } from '@tanstack/react-router';
import { EditQuestError, EditQuestPage } from '../../features/create-quest/edit-quest-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';

export const Route = createFileRoute('/_authenticated/edit-quest/$questId')({
  loader: ({ context: { queryClient }, params: { questId } }) =>
    Promise.all([loadNamespaces('create'), queryClient.ensureQueryData(questQueries.detail(questId))]),
  errorComponent: EditQuestError,
  component: EditQuestRoute,
});

function EditQuestRoute() {
  const { questId } = Route.useParams();
  return <EditQuestPage questId={questId} />;
}
