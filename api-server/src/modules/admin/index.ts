export { adminHandlers } from './admin-routes.ts';
