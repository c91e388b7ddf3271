export { type CatalogueCache, createCatalogueCache } from './catalogue-cache.ts';
export { deletedQuest, reviewForVisitor, toQuestSummary, toReviewDto } from './quest-dto.ts';
export * as questInput from './quest-input.ts';
export { loadQuestDetails } from './quest-loader.ts';
export * as questRepository from './quest-repository.ts';
export {
  approvedQuestLinks,
  approvedQuestPreview,
  type Creator,
  countQuests,
  createdQuestsWithTotal,
  findQuest,
  findQuestsWithCreator,
  insertQuest,
  listQuests,
  type QuestPreview,
  type QuestRow,
  type QuestWithCreator,
  type ReviewWithAuthor,
  recommendedQuestsFor,
  replaceChildren,
} from './quest-repository.ts';
export { routeEnd, routeStart } from './quest-route.ts';
export type { Viewer } from './quest-service.ts';
export { findVisibleQuest, QUEST_NOT_FOUND, type QuestDeps, removeQuest } from './quest-service.ts';
export { awardedXp, QUEST_BASE_XP } from './quest-xp.ts';
export { questsHandlers } from './quests-routes.ts';
export { createViewCounter, type ViewCounter } from './view-counter.ts';
