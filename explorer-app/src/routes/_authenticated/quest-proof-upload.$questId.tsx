import { createFileRoute } from '@tanstack/react-router';
import { loadQuestPlay } from '../../features/quest-play/quest-play-api.ts';
import { QuestProofUploadPage } from '../../features/quest-play/quest-proof-upload-page.tsx';
import { QuestPlayError } from '../../lib/quests/quest-load-error.tsx';

/** `task` picks the objective to prove (an objective's Resubmit Proof link); without it the next open one. */
export const Route = createFileRoute('/_authenticated/quest-proof-upload/$questId')({
  validateSearch: (search: Record<string, unknown>): { task?: number } => {
    const task = Number(search.task);
    return Number.isInteger(task) && task > 0 ? { task } : {};
  },
  loader: ({ context: { queryClient }, params: { questId } }) => loadQuestPlay(queryClient, questId),
  errorComponent: QuestPlayError,
  component: QuestProofUploadRoute,
});

function QuestProofUploadRoute() {
  const { questId } = Route.useParams();
  const { task } = Route.useSearch();
  return <QuestProofUploadPage questId={questId} preferredTask={task} />;
}
