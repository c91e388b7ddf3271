import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth, optionalAuth, viewerOf } from '../../plugins/auth.ts';
import { reviewForVisitor } from '../quests/index.ts';
import * as reviews from './reviews-service.ts';

export function reviewsHandlers(ctx: AppContext) {
  return {
    async listQuestReviews(request) {
      const auth = optionalAuth(request);
      const data = await reviews.listReviews(
        ctx,
        auth ? viewerOf(auth) : null,
        request.params.questId,
        request.query,
      );
      return {
        message: 'Quest reviews fetched',
        data: auth ? data : { ...data, reviews: data.reviews.map(reviewForVisitor) },
      };
    },
    async submitQuestReview(request) {
      const viewer = viewerOf(currentAuth(request));
      const { created, review } = await reviews.submitReview(
        ctx,
        viewer,
        request.params.questId,
        request.body,
      );
      return created
        ? { statusCode: 201 as const, message: 'Review submitted', data: review }
        : { statusCode: 200 as const, message: 'Review updated', data: review };
    },
  } satisfies Handlers;
}
