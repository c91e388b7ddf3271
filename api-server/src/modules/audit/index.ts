export { type ActionLogEntry, type ActionType, listActionLogs, logAdminAction } from './action-log.ts';
