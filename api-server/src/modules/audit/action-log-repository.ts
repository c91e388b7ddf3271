import type { Db } from '../../db/client.ts';
import { actionLogs } from './tables/audit.tables.ts';

export type ActionType =
  | 'user_promotion'
  | 'user_demotion'
  | 'super_admin_promotion'
  | 'user_suspension'
  | 'user_reactivation'
  | 'quest_approval'
  | 'quest_rejection'
  | 'quest_update'
  | 'quest_deletion'
  | 'task_proof_approval'
  | 'task_proof_rejection'
  | 'badge_award'
  | 'badge_creation'
  | 'report_resolution'
  | 'two_factor_reset';

export type ActionLogEntry = {
  adminId: string;
  actionType: ActionType;
  targetType: 'user' | 'quest' | 'task_proof' | 'badge' | 'report';
  targetId?: string | null;
  details?: Record<string, unknown>;
  reason?: string | null;
  result?: 'success' | 'failure';
};

/** Every admin action, refused ones included, is recorded through here. */
export async function logAdminAction(db: Db, entry: ActionLogEntry): Promise<void> {
  await db.insert(actionLogs).values({
    adminId: entry.adminId,
    actionType: entry.actionType,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    reason: entry.reason ?? null,
    result: entry.result ?? 'success',
  });
}

const ACTION_TYPES: readonly ActionType[] = [
  'user_promotion',
  'user_demotion',
  'super_admin_promotion',
  'user_suspension',
  'user_reactivation',
  'quest_approval',
  'quest_rejection',
  'quest_update',
  'quest_deletion',
  'task_proof_approval',
  'task_proof_rejection',
  'badge_award',
  'badge_creation',
  'report_resolution',
  'two_factor_reset',
];

export const isActionType = (value: string): value is ActionType =>
  ACTION_TYPES.includes(value as ActionType);
