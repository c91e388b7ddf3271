import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';
import type { UserAction } from './user-actions.ts';

export type AdminUser = Schema<'AdminUser'>;
export type RoleFilter = Schema<'RoleFilter'>;
export type StatusFilter = Schema<'UserStatusFilter'>;
export type UserQuery = { page: number; search: string; role: RoleFilter; status: StatusFilter };

/** Admin users come 20 a page (admin-and-moderation.md section 9). */
export const USERS_PAGE_SIZE = 20;

export const DEFAULT_SUSPENSION_REASON = 'Account suspended by administrator';

/** The fallback texts of admin-and-moderation.md section 8, per action. */
const ACTION_FALLBACKS: Record<UserAction, string> = {
  promoteAdmin: 'Failed to promote user',
  demoteUser: 'Failed to demote admin',
  promoteSuperAdmin: 'Failed to promote to super admin',
  suspend: 'Failed to suspend user',
  reactivate: 'Failed to reactivate user',
};

export const usersApi = {
  // The list call omits 'all' filters and an empty search (admin-and-moderation.md section 5).
  list: ({ page, search, role, status }: UserQuery) =>
    unwrap(
      api().GET('/admin/users', {
        params: {
          query: {
            page,
            limit: USERS_PAGE_SIZE,
            ...(search.trim() ? { search: search.trim() } : {}),
            ...(role !== 'all' ? { role } : {}),
            ...(status !== 'all' ? { status } : {}),
          },
        },
      }),
      'Failed to fetch users',
    ),
  details: (id: string) =>
    unwrap(api().GET('/admin/users/{id}', { params: { path: { id } } }), 'Failed to fetch user details'),
  roleInfo: (id: string) =>
    unwrap(
      api().GET('/admin/users/{id}/role', { params: { path: { id } } }),
      'Failed to fetch user role info',
    ),
  act: (action: UserAction, id: string, reason?: string): Promise<AdminUser> => {
    const params = { params: { path: { id } } };
    const fallback = ACTION_FALLBACKS[action];
    switch (action) {
      case 'promoteAdmin':
        return unwrap(api().PATCH('/admin/users/{id}/promote-admin', params), fallback);
      case 'demoteUser':
        return unwrap(api().PATCH('/admin/users/{id}/demote-user', params), fallback);
      case 'promoteSuperAdmin':
        return unwrap(api().PATCH('/admin/users/{id}/promote-super-admin', params), fallback);
      case 'suspend':
        return unwrap(
          api().PATCH('/admin/users/{id}/suspend', {
            ...params,
            body: { reason: reason?.trim() || DEFAULT_SUSPENSION_REASON },
          }),
          fallback,
        );
      case 'reactivate':
        return unwrap(api().PATCH('/admin/users/{id}/reactivate', params), fallback);
    }
  },
};
