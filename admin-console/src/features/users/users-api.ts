import {
  MODERATION_LIMITS,
  ROLE_FILTERS,
  type RoleFilter,
  type Schema,
  USER_STATUS_FILTERS,
  type UserStatusFilter,
} from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';

export type AdminUser = Schema<'AdminUser'>;
export type RoleChange = 'promoteAdmin' | 'demoteUser' | 'promoteSuperAdmin';

/** The list as the screen's address holds it: page 1, no search and 'all' filters are left out. */
export type UserListSearch = { page?: number; search?: string; role?: RoleFilter; status?: UserStatusFilter };

/** The filters an address may name: 'all' is the default, so it is left out. */
export const ROLE_CHOICES = ROLE_FILTERS.filter((role) => role !== 'all');
export const STATUS_CHOICES = USER_STATUS_FILTERS.filter((status) => status !== 'all');

/** Admin users come 20 a page (docs/product-rules/admin-screens.md#user-management-screen). */
export const USERS_PAGE_SIZE = 20;

export const DEFAULT_SUSPENSION_REASON = 'Account suspended by administrator';

/** ResetTwoFactorRequest.reason's bounds, from the contract. */
export const RESET_REASON_LIMITS = {
  min: MODERATION_LIMITS.twoFactorResetReasonMin,
  max: MODERATION_LIMITS.twoFactorResetReason,
} as const;

export const usersQueries = {
  // Filters left out of the search are left out of the call as well (docs/product-rules/moderation.md#admin-lists).
  list: ({ page = 1, search, role, status }: UserListSearch) =>
    getQuery('/admin/users', { query: { page, limit: USERS_PAGE_SIZE, search, role, status } }),
  detail: (id: string) => getQuery('/admin/users/{id}', { path: { id } }),
  role: (id: string) => getQuery('/admin/users/{id}/role', { path: { id } }),
};

/**
 * What every change of an account refreshes: the answer is the updated account, so its row on every cached page
 * and its details show it at once; then the lists (a filter may no longer match it), its details and the action
 * log that records the change load again.
 */
function onUserChanged(queryClient: QueryClient, user: AdminUser, also: readonly (readonly unknown[])[]) {
  queryClient.setQueriesData<{ users: AdminUser[] }>({ queryKey: apiKey('/admin/users') }, (page) =>
    page ? { ...page, users: page.users.map((row) => (row._id === user._id ? user : row)) } : page,
  );
  queryClient.setQueryData(usersQueries.detail(user._id).queryKey, (detail) =>
    detail ? { ...detail, ...user } : detail,
  );
  const keys = [
    apiKey('/admin/users'),
    apiKey('/admin/users/{id}', { path: { id: user._id } }),
    apiKey('/admin/action-logs'),
    ...also,
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The fallback texts of docs/product-rules/messages.md#admin-console-fallbacks. */
const ROLE_CHANGE_FALLBACKS: Record<RoleChange, string> = {
  promoteAdmin: 'Failed to promote user',
  demoteUser: 'Failed to demote admin',
  promoteSuperAdmin: 'Failed to promote to super admin',
};

function changeRole({ id, change }: { id: string; change: RoleChange }) {
  const params = { params: { path: { id } } };
  const fallback = ROLE_CHANGE_FALLBACKS[change];
  switch (change) {
    case 'promoteAdmin':
      return unwrap(api().PATCH('/admin/users/{id}/promote-admin', params), fallback);
    case 'demoteUser':
      return unwrap(api().PATCH('/admin/users/{id}/demote-user', params), fallback);
    case 'promoteSuperAdmin':
      return unwrap(api().PATCH('/admin/users/{id}/promote-super-admin', params), fallback);
  }
}

/** Promotes or demotes an account: its permissions and the admins list (the log's admin filter) change too. */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: (user) =>
      onUserChanged(queryClient, user, [
        apiKey('/admin/users/{id}/role', { path: { id: user._id } }),
        apiKey('/admin/admins'),
      ]),
  });
}

/** Suspends an account with the reason its owner reads at sign-in; the active-user counter changes too. */
export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(
        api().PATCH('/admin/users/{id}/suspend', {
          params: { path: { id } },
          body: { reason: reason.trim() || DEFAULT_SUSPENSION_REASON },
        }),
        'Failed to suspend user',
      ),
    onSuccess: (user) => onUserChanged(queryClient, user, [apiKey('/admin/dashboard')]),
  });
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().PATCH('/admin/users/{id}/reactivate', { params: { path: { id } } }),
        'Failed to reactivate user',
      ),
    onSuccess: (user) => onUserChanged(queryClient, user, [apiKey('/admin/dashboard')]),
  });
}

export type ResetTwoFactor = { id: string } & Schema<'ResetTwoFactorRequest'>;

/**
 * A super admin removes another account's second factor (POST /admin/users/{id}/two-factor/reset), proving it is
 * them with their own code or password: the answer is the account with it off, and the action log records it.
 * 409 says it was off already, so that account is read again. `gcTime: 0` drops the code or password in the
 * variables from the mutation cache as soon as the form lets go.
 */
export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: ({ id, ...body }: ResetTwoFactor) =>
      unwrap(
        api().POST('/admin/users/{id}/two-factor/reset', { params: { path: { id } }, body }),
        'Failed to reset two-factor sign-in',
      ),
    onSuccess: (user) => onUserChanged(queryClient, user, []),
    onError: (error, { id }) =>
      error.status === 409
        ? Promise.all(
            [apiKey('/admin/users'), apiKey('/admin/users/{id}', { path: { id } })].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            ),
          )
        : undefined,
  });
}

/**
 * Awards a catalogue badge by hand (POST /admin/badge/award, docs/product-rules/moderation.md#badge-awards): the
 * user's details (their badge count), the badges they hold and the action log that records the award reload.
 */
export function useAwardBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, badgeId, reason }: { userId: string; badgeId: number; reason: string }) =>
      unwrap(
        api().POST('/admin/badge/award', {
          body: { userId, badgeId, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        }),
        'Failed to award badge',
      ),
    onSuccess: (_earned, { userId }) => {
      const keys = [
        apiKey('/admin/users/{id}', { path: { id: userId } }),
        apiKey('/badges/earned/{userId}', { path: { userId } }),
        apiKey('/admin/action-logs'),
      ];
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    // 409: the user already holds the badge, so what they hold is read again and the form marks it.
    onError: (error, { userId }) =>
      error.status === 409
        ? queryClient.invalidateQueries({ queryKey: apiKey('/badges/earned/{userId}', { path: { userId } }) })
        : undefined,
  });
}
