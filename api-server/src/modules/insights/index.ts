export { createInsightsCache, type InsightsCache } from './insights-cache.ts';
export { insightsHandlers } from './insights-handlers.ts';
