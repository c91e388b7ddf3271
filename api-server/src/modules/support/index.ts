export { conversationHandlers } from './conversations-handlers.ts';
export { reportsHandlers } from './reports-handlers.ts';
export { supportHandlers } from './support-handlers.ts';
