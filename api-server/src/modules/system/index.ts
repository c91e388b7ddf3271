export { checkHealth } from './health.ts';
export { systemHandlers } from './system-routes.ts';
