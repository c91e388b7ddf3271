export { conversationHandlers } from './conversations-routes.ts';
export { supportHandlers } from './support-routes.ts';
