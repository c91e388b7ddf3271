export { supportHandlers } from './support-routes.ts';
