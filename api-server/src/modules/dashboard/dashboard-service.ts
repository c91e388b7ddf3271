import type { Schema } from '@cityquest/contract';
import { loadProgressSummaries, ONGOING_LIMIT } from '../progress/index.ts';
import { type QuestDeps, toQuestSummary, type Viewer } from '../quests/index.ts';
import { createdQuestsWithTotal, recommendedQuestsFor } from './dashboard-repository.ts';

const DASHBOARD_LIST = 10;
/** Up to 6 approved quests the explorer neither started nor created, from their favourite categories first. */
const RECOMMENDED = 6;

/** GET /quests/my-dashboard: four statements, run together; each list carries its own total. */
export async function dashboard(deps: QuestDeps, viewer: Viewer): Promise<Schema<'QuestDashboard'>> {
  const [ongoing, completed, created, recommended] = await Promise.all([
    loadProgressSummaries(deps, viewer.id, 'ongoing', { limit: ONGOING_LIMIT, offset: 0 }),
    loadProgressSummaries(deps, viewer.id, 'completed', { limit: DASHBOARD_LIST, offset: 0 }),
    createdQuestsWithTotal(deps.db, viewer.id, DASHBOARD_LIST),
    recommendedQuestsFor(deps.db, viewer.id, RECOMMENDED),
  ]);
  return {
    ongoingQuests: ongoing.items,
    completedQuests: completed.items,
    userCreatedQuests: created.rows.map((row) =>
      toQuestSummary(row, row.files, deps.files, row.participants),
    ),
    recommendedQuests: recommended.map((row) => toQuestSummary(row, row.files, deps.files)),
    stats: {
      totalCompleted: completed.total,
      totalOngoing: ongoing.total,
      // The created list's count: every quest the explorer created, in any status.
      totalCreated: created.total,
      ongoingLimit: ONGOING_LIMIT,
    },
  };
}
