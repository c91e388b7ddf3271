export { type CatalogueCache, createCatalogueCache } from './catalogue-cache.ts';
export { itineraryEnd, itineraryStart } from './itinerary.ts';
export { reviewForVisitor, toQuestSummary, toReviewDto } from './quest-dto.ts';
export { questModerationHandlers } from './quest-moderation-handlers.ts';
export { statusStats } from './quest-moderation-service.ts';
export type { QuestParticipation } from './quest-participation.ts';
export type { ViewerProgress } from './quest-parts-repository.ts';
export {
  approvedQuestLinks,
  approvedQuestPreview,
  type Creator,
  countQuests,
  createdCountsOf,
  createdQuestCount,
  creatorColumns,
  creators,
  findQuest,
  findQuestsWithCreator,
  joinableQuests,
  type QuestPreview,
  type QuestRow,
  type QuestWithCreator,
  questAsListed,
  questColumns,
  type ReviewWithAuthor,
  taskCountsOf,
} from './quest-repository.ts';
export type { Viewer } from './quest-service.ts';
export { findVisibleQuest, QUEST_NOT_FOUND, type QuestDeps } from './quest-service.ts';
export {
  countCompletion,
  insertQuest,
  lockQuest,
  replaceChildren,
  setQuestRating,
  setQuestRatingsFrom,
} from './quest-write-repository.ts';
export { awardedXp } from './quest-xp.ts';
export { questsHandlers } from './quests-handlers.ts';
export type { QuestStatus, Waypoint } from './tables/quests.tables.ts';
export { createViewCounter, type ViewCounter } from './view-counter.ts';
