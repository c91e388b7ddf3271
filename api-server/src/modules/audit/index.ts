export {
  type ActionLogEntry,
  type ActionType,
  isActionType,
  logAdminAction,
} from './action-log-repository.ts';
