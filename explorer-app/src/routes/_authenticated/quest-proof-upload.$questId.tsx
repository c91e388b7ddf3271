import { createFileRoute } from '@tanstack/react-router';
import { questPlayQueries } from '../../features/quest-play/quest-play-api.ts';
import { QuestProofUploadPage } from '../../features/quest-play/quest-proof-upload-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { QuestPlayError } from '../../lib/quests/quest-load-error.tsx';

/** `task` picks the objective to prove (an objective's Resubmit Proof link); without it the next open one. */
export const Route = createFileRoute('/_authenticated/quest-proof-upload/$questId')({
  validateSearch: (search: Record<string, unknown>): { task?: number } => {
    const task = Number(search.task);
    return Number.isInteger(task) && task > 0 ? { task } : {};
  },
  loader: ({ context: { queryClient }, params: { questId } }) =>
    Promise.all([
      loadNamespaces('play'),
      queryClient.ensureQueryData(questQueries.detail(questId)),
      queryClient.ensureQueryData(questPlayQueries.progress(questId)),
    ]),
  errorComponent: QuestPlayError,
  component: QuestProofUploadRoute,
});

function QuestProofUploadRoute() {
  const { questId } = Route.useParams();
  const { task } = Route.useSearch();
  return <QuestProofUploadPage questId={questId} preferredTask={task} />;
}
