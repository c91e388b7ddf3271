export { type CatalogueCache, createCatalogueCache } from './catalogue-cache.ts';
export { reviewForVisitor, toQuestSummary, toReviewDto } from './quest-dto.ts';
export { questModerationHandlers } from './quest-moderation-handlers.ts';
export { statusStats } from './quest-moderation-service.ts';
export {
  approvedQuestLinks,
  approvedQuestPreview,
  type Creator,
  countCompletion,
  countQuests,
  createdQuestsWithTotal,
  findQuest,
  findQuestsWithCreator,
  insertQuest,
  lockQuest,
  type QuestPreview,
  type QuestRow,
  type ReviewWithAuthor,
  recommendedQuestsFor,
  replaceChildren,
  setQuestRating,
} from './quest-repository.ts';
export { routeEnd, routeStart } from './quest-route.ts';
export type { Viewer } from './quest-service.ts';
export { findVisibleQuest, QUEST_NOT_FOUND, type QuestDeps } from './quest-service.ts';
export { awardedXp } from './quest-xp.ts';
export { questsHandlers } from './quests-handlers.ts';
export type { Waypoint } from './tables/quests.tables.ts';
export { createViewCounter, type ViewCounter } from './view-counter.ts';
