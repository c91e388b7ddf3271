export { reviewsHandlers } from './reviews-handlers.ts';
export { submitReview } from './reviews-service.ts';
