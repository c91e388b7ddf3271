import { createFileRoute } from '@tanstack/react-router';
import { QuestInProgressPage } from '../../features/quest-play/quest-in-progress-page.tsx';
import { questPlayQueries } from '../../features/quest-play/quest-play-api.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { QuestPlayError } from '../../lib/quests/quest-load-error.tsx';

export const Route = createFileRoute('/_authenticated/quest-in-progress/$questId')({
  loader: ({ context: { queryClient }, params: { questId } }) =>
    Promise.all([
      loadNamespaces('play'),
      queryClient.ensureQueryData(questQueries.detail(questId)),
      queryClient.ensureQueryData(questPlayQueries.progress(questId)),
    ]),
  errorComponent: QuestPlayError,
  component: QuestInProgressRoute,
});

function QuestInProgressRoute() {
  const { questId } = Route.useParams();
  return <QuestInProgressPage questId={questId} />;
}
