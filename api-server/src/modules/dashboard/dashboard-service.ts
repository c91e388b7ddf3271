import type { Schema } from '@cityquest/openapi';
import { countsByStatus, loadProgressSummaries, ONGOING_LIMIT } from '../progress/index.ts';
import {
  listQuests,
  loadQuestSummaries,
  type QuestDeps,
  recommendedQuestsFor,
  type Viewer,
} from '../quests/index.ts';

const DASHBOARD_LIST = 10;
/** Up to 6 approved quests the explorer neither started nor created, from their favourite categories first. */
const RECOMMENDED = 6;

/** GET /quests/my-dashboard. */
export async function dashboard(deps: QuestDeps, viewer: Viewer): Promise<Schema<'QuestDashboard'>> {
  const window = { limit: DASHBOARD_LIST, offset: 0 };
  const [ongoing, completed, created, recommended, totals] = await Promise.all([
    loadProgressSummaries(deps.db, viewer.id, 'ongoing', { limit: ONGOING_LIMIT, offset: 0 }),
    loadProgressSummaries(deps.db, viewer.id, 'completed', window),
    listQuests(deps.db, { createdBy: viewer.id }, 'newest', { page: 1, ...window }),
    recommendedQuestsFor(deps.db, viewer.id, RECOMMENDED),
    countsByStatus(deps.db, viewer.id),
  ]);
  return {
    ongoingQuests: ongoing,
    completedQuests: completed,
    userCreatedQuests: await loadQuestSummaries(deps.db, created.rows, { withParticipants: true }),
    recommendedQuests: await loadQuestSummaries(deps.db, recommended),
    stats: {
      totalCompleted: totals.completed,
      totalOngoing: totals.ongoing,
      // The created list's count: every quest the explorer created, in any status.
      totalCreated: created.total,
      ongoingLimit: ONGOING_LIMIT,
    },
  };
}
