import { createFileRoute } from '@tanstack/react-router';
import { QuestInProgressPage } from '../../features/quest-play/quest-in-progress-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/quest-in-progress/$questId')({
  loader: () => loadNamespaces('play'),
  component: QuestInProgressRoute,
});

function QuestInProgressRoute() {
  const { questId } = Route.useParams();
  return <QuestInProgressPage questId={questId} />;
}
