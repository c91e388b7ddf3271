export { dashboardHandlers } from './dashboard-routes.ts';
