import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { type PageQuery, paginationOf, toPage } from '../../lib/pagination.ts';
import { findProgress } from '../progress/index.ts';
import {
  findQuest,
  findVisibleQuest,
  QUEST_NOT_FOUND,
  type QuestDeps,
  toReviewDto,
  type Viewer,
} from '../quests/index.ts';
import * as repo from './reviews-repository.ts';

export const OWN_QUEST_REVIEW = 'You cannot review your own quest';
export const START_BEFORE_REVIEW = 'Start this quest before reviewing it';

/** GET /quest-reviews/{questId}: newest first, with the community rating; a null viewer is a visitor. */
export async function listReviews(deps: QuestDeps, viewer: Viewer | null, questId: string, query: PageQuery) {
  const { quest } = await findVisibleQuest(deps, viewer, questId);
  const page = toPage(query, 10);
  const { rows, total } = await repo.listReviews(deps.db, questId, page);
  return {
    reviews: rows.map((row) => toReviewDto(row, deps.files)),
    rating: {
      average: quest.averageRating,
      totalReviews: quest.totalReviews,
      breakdown: quest.ratingBreakdown,
    },
    pagination: paginationOf('totalReviews', total, page),
  };
}

/**
 * POST /quest-reviews/{questId}: explorers who started an approved quest (not its creator) review it once; a
 * later review replaces theirs. The quest's rating follows in the same transaction.
 */
export async function submitReview(
  deps: QuestDeps & Pick<AppContext, 'catalogue'>,
  viewer: Viewer,
  questId: string,
  body: { rating: number; comment?: string },
  at = new Date(),
): Promise<{ created: boolean; review: Schema<'Review'> }> {
  const { id, created } = await deps.db.transaction(async (tx) => {
    await repo.lockQuest(tx, questId);
    const quest = await findQuest(tx, questId);
    if (quest?.status !== 'approved') throw notFound(QUEST_NOT_FOUND);
    if (quest.createdBy === viewer.id) throw forbidden(OWN_QUEST_REVIEW);
    if (!(await findProgress(tx, viewer.id, questId))) throw forbidden(START_BEFORE_REVIEW);
    const earlier = await repo.findReview(tx, questId, viewer.id);
    const row = await repo.upsertReview(
      tx,
      { questId, userId: viewer.id, rating: body.rating, comment: (body.comment ?? '').trim() },
      at,
    );
    await repo.refreshQuestRating(tx, questId);
    return { id: row.id, created: !earlier };
  });
  // The quest's page shows its rating and latest reviews.
  deps.catalogue.forgetQuest(questId);
  const review = await repo.findReviewWithAuthor(deps.db, id);
  if (!review) throw notFound('Review not found');
  return { created, review: toReviewDto(review, deps.files) };
}
