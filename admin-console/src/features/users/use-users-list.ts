import { type Schema, trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AdminUser, type UserQuery, usersApi } from './users-api.ts';

type State = {
  users: AdminUser[];
  pagination: Schema<'UserPagination'> | null;
  loading: boolean;
  error: string | null;
};

/** One page of users for the current filters; a slower answer to an older query never replaces a newer one. */
export function useUsersList({ page, search, role, status }: UserQuery) {
  const [state, setState] = useState<State>({ users: [], pagination: null, loading: true, error: null });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, 'Failed to fetch users', () =>
        usersApi.list({ page, search, role, status }),
      );
      set({ users: data.users, pagination: data.pagination });
    } catch {
      // trackAsync stored the message
    }
  }, [page, search, role, status]);
  useEffect(() => {
    void load();
  }, [load]);
  // A successful action updates that user in the list (admin-and-moderation.md section 7).
  const replaceUser = useCallback((user: AdminUser) => {
    setState((current) => ({
      ...current,
      users: current.users.map((existing) => (existing._id === user._id ? user : existing)),
    }));
  }, []);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, replaceUser, dismissError };
}
