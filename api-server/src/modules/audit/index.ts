export { type ActionType, logAdminAction } from './action-log-repository.ts';
export { auditHandlers } from './audit-handlers.ts';
