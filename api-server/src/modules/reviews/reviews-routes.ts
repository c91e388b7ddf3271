import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as reviews from './reviews-service.ts';

export function reviewsHandlers(ctx: AppContext) {
  return {
    async listQuestReviews(request) {
      const { user } = currentAuth(request);
      const data = await reviews.listReviews(ctx, user, request.params.questId, request.query);
      return { message: 'Quest reviews fetched', data };
    },
    async submitQuestReview(request) {
      const { user } = currentAuth(request);
      const { created, review } = await reviews.submitReview(ctx, user, request.params.questId, request.body);
      return created
        ? { statusCode: 201 as const, message: 'Review submitted', data: review }
        : { statusCode: 200 as const, message: 'Review updated', data: review };
    },
  } satisfies Handlers;
}
