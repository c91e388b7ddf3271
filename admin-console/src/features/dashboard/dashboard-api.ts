import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type AdminDashboard = Schema<'AdminDashboard'>;
export type PendingQuest = Schema<'Quest'>;
export type ActionLog = Schema<'ActionLog'>;

/** The dashboard's pending list: page 1, limit 5, refreshed every 30 s (admin-and-moderation.md section 9). */
export const PENDING_LIMIT = 5;
export const PENDING_REFRESH_MS = 30_000;
/** Recent activity previews the latest 5 log entries (admin-and-moderation.md section 9). */
export const RECENT_ACTIVITY_LIMIT = 5;
/** Shown when the server leaves monthly growth out (admin-and-moderation.md section 9). */
export const DEFAULT_MONTHLY_GROWTH = 15.2;

export const APPROVAL_FEEDBACK = 'Quest approved by admin';
/** The dashboard's quick reject sends this reason (admin-and-moderation.md section 4). */
export const QUICK_REJECT_REASON = 'Does not meet guidelines';

export const dashboardApi = {
  counters: () => unwrap(api().GET('/admin/dashboard'), 'Failed to fetch admin dashboard'),
  pending: () =>
    unwrap(
      api().GET('/admin/quests/pending', { params: { query: { page: 1, limit: PENDING_LIMIT } } }),
      'Failed to fetch pending quests',
    ),
  approve: (id: string) =>
    unwrap(
      api().PATCH('/admin/quests/{id}/approve', {
        params: { path: { id } },
        body: { feedback: APPROVAL_FEEDBACK },
      }),
      'Failed to approve quest',
    ),
  quickReject: (id: string) =>
    unwrap(
      api().PATCH('/admin/quests/{id}/reject', {
        params: { path: { id } },
        body: { reason: QUICK_REJECT_REASON },
      }),
      'Failed to reject quest',
    ),
  recentActivity: () =>
    unwrap(
      api().GET('/admin/action-logs', { params: { query: { page: 1, limit: RECENT_ACTIVITY_LIMIT } } }),
      'Failed to fetch admin action logs',
    ),
};
