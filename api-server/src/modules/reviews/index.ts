export { reviewsHandlers } from './reviews-handlers.ts';
export { refreshQuestRatings, reviewedQuestIdsOf } from './reviews-repository.ts';
export { submitReview } from './reviews-service.ts';
