export { type ActionType, listActionLogs, logAdminAction } from './action-log.ts';
