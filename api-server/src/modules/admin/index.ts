export { adminHandlers } from './admin-routes.ts';
export { createInsightsCache, type InsightsCache } from './insights-cache.ts';
