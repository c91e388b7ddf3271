export { reviewsHandlers } from './reviews-routes.ts';
export { submitReview } from './reviews-service.ts';
