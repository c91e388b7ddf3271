export { createDashboardCache, type DashboardCache } from './dashboard-cache.ts';
export { dashboardHandlers } from './dashboard-handlers.ts';
