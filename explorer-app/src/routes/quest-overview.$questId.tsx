import { createFileRoute } from '@tanstack/react-router';
import { QuestDetailPage } from '../features/quest-detail/quest-detail-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { questQueries } from '../lib/quests/quest-api.ts';
import { QuestLoadError } from '../lib/quests/quest-load-error.tsx';

/** Public: visitors read an approved quest and its reviews without a token (docs/product-rules/quests.md#visitors). */
export const Route = createFileRoute('/quest-overview/$questId')({
  loader: async ({ context, params }) => {
    // The reviews are secondary: they start with the quest but the screen does not wait for them.
    void context.queryClient.prefetchInfiniteQuery(questQueries.reviews(params.questId));
    // Settled, not all: the error component needs the quest strings when the quest fails.
    const [strings, quest] = await Promise.allSettled([
      loadNamespaces('quests'),
      context.queryClient.ensureQueryData(questQueries.detail(params.questId)),
    ]);
    if (quest.status === 'rejected') throw quest.reason;
    if (strings.status === 'rejected') throw strings.reason;
  },
  errorComponent: QuestLoadError,
  component: QuestOverviewRoute,
});

function QuestOverviewRoute() {
  const { questId } = Route.useParams();
  return <QuestDetailPage questId={questId} />;
}
