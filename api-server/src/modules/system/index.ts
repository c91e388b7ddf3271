export { checkHealth } from './health.ts';
export { systemHandlers } from './system-handlers.ts';
