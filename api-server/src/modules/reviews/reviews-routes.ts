import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { defineDocumentedMessages } from '../../lib/validation-messages.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as reviews from './reviews-service.ts';

const RATING = 'Rating must be a whole number from 1 to 5';
defineDocumentedMessages('submitQuestReview', {
  rating: { required: 'Rating is required', minimum: RATING, maximum: RATING, type: RATING },
  comment: { maxLength: 'Review text must be at most 500 characters' },
});

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
