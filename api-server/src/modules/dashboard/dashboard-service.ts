import type { Schema } from '@cityquest/openapi';
import type { Category } from '../../db/schema.ts';
import {
  countByStatus,
  listByStatus,
  loadProgressSummaries,
  ONGOING_LIMIT,
  playedCategories,
} from '../progress/index.ts';
import {
  countCreated,
  listQuests,
  loadQuestSummaries,
  type QuestDeps,
  type QuestWithCreator,
  unplayedQuests,
  type Viewer,
} from '../quests/index.ts';

const DASHBOARD_LIST = 10;
const RECOMMENDED = 6;

/** Categories the explorer plays most, most played first (started quests count, completed ones twice). */
async function favouriteCategories(deps: QuestDeps, userId: string): Promise<Category[]> {
  const played = await playedCategories(deps.db, userId);
  return played.map((entry) => entry.category);
}

/** Up to 6 approved quests the explorer neither started nor created, from their favourite categories first. */
async function recommendedQuests(deps: QuestDeps, viewer: Viewer): Promise<Schema<'QuestSummary'>[]> {
  const picked: QuestWithCreator[] = [];
  for (const category of [...(await favouriteCategories(deps, viewer.id)), undefined]) {
    if (picked.length >= RECOMMENDED) break;
    const more = await unplayedQuests(
      deps.db,
      viewer.id,
      category,
      RECOMMENDED - picked.length,
      picked.map((row) => row.quest.id),
    );
    picked.push(...more);
  }
  return loadQuestSummaries(deps.db, picked);
}

/** GET /quests/my-dashboard. */
export async function dashboard(deps: QuestDeps, viewer: Viewer): Promise<Schema<'QuestDashboard'>> {
  const window = { limit: DASHBOARD_LIST, offset: 0 };
  const [ongoing, completed, created, recommended, totalCompleted, totalOngoing, totalCreated] =
    await Promise.all([
      listByStatus(deps.db, viewer.id, 'ongoing', window),
      listByStatus(deps.db, viewer.id, 'completed', window),
      listQuests(deps.db, { createdBy: viewer.id }, 'newest', { page: 1, ...window }),
      recommendedQuests(deps, viewer),
      countByStatus(deps.db, viewer.id, 'completed'),
      countByStatus(deps.db, viewer.id, 'ongoing'),
      countCreated(deps.db, viewer.id),
    ]);
  return {
    ongoingQuests: await loadProgressSummaries(deps.db, ongoing.slice(0, ONGOING_LIMIT)),
    completedQuests: await loadProgressSummaries(deps.db, completed),
    userCreatedQuests: await loadQuestSummaries(deps.db, created.rows, { withParticipants: true }),
    recommendedQuests: recommended,
    stats: { totalCompleted, totalOngoing, totalCreated, ongoingLimit: ONGOING_LIMIT },
  };
}
