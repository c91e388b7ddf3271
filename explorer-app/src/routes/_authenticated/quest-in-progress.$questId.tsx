import { createFileRoute } from '@tanstack/react-router';
import { QuestInProgressPage } from '../../features/quest-play/quest-in-progress-page.tsx';
import { loadQuestPlay } from '../../features/quest-play/quest-play-api.ts';
import { QuestPlayError } from '../../lib/quests/quest-load-error.tsx';

export const Route = createFileRoute('/_authenticated/quest-in-progress/$questId')({
  loader: ({ context: { queryClient }, params: { questId } }) => loadQuestPlay(queryClient, questId),
  errorComponent: QuestPlayError,
  component: QuestInProgressRoute,
});

function QuestInProgressRoute() {
  const { questId } = Route.useParams();
  return <QuestInProgressPage questId={questId} />;
}
