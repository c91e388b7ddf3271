export { dashboardHandlers } from './dashboard-handlers.ts';
