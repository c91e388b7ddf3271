import { useCallback } from 'react';
import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { type AdminUser, type UserQuery, usersApi } from './users-api.ts';

/** One page of users for the current filters; a slower answer to an older query never replaces a newer one. */
export function useUsersList({ page, search, role, status }: UserQuery) {
  const { data, setData, ...request } = useLatestRequest(
    () => usersApi.list({ page, search, role, status }),
    'Failed to fetch users',
    [page, search, role, status],
  );
  // A successful action updates that user in the list (admin-and-moderation.md section 7).
  const replaceUser = useCallback(
    (user: AdminUser) =>
      setData(
        (current) =>
          current && {
            ...current,
            users: current.users.map((existing) => (existing._id === user._id ? user : existing)),
          },
      ),
    [setData],
  );
  return { ...request, users: data?.users ?? [], pagination: data?.pagination ?? null, replaceUser };
}
