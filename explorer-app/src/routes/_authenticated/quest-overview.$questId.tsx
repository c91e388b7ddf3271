import { createFileRoute } from '@tanstack/react-router';
import { QuestDetailPage } from '../../features/quest-detail/quest-detail-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_authenticated/quest-overview/$questId')({
  loader: () => loadNamespaces('quests'),
  component: QuestOverviewRoute,
});

function QuestOverviewRoute() {
  const { questId } = Route.useParams();
  return <QuestDetailPage questId={questId} />;
}
