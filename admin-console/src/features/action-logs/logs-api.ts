import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type ActionLog = Schema<'ActionLog'>;
export type ActionType = Schema<'ActionType'>;
export type ActionTypeFilter = Schema<'ActionTypeFilter'>;
export type LogQuery = { page: number; limit: number; actionType: ActionTypeFilter; adminId: string };

/** The screen offers 10, 20 or 50 entries a page, 20 by default (admin-and-moderation.md sections 2 and 5). */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const ACTION_TYPES: ActionType[] = [
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
];

export const logsApi = {
  // 'all' filters are left out of the call (admin-and-moderation.md section 5).
  list: ({ page, limit, actionType, adminId }: LogQuery) =>
    unwrap(
      api().GET('/admin/action-logs', {
        params: {
          query: {
            page,
            limit,
            ...(actionType !== 'all' ? { action_type: actionType } : {}),
            ...(adminId !== 'all' ? { admin_id: adminId } : {}),
          },
        },
      }),
      'Failed to fetch admin action logs',
    ),
  admins: () => unwrap(api().GET('/admin/admins'), 'Failed to fetch admins list'),
};
