import { getErrorMessage, type Schema, trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ActionLog, type LogQuery, logsApi } from './logs-api.ts';

type State = {
  logs: ActionLog[];
  pagination: Schema<'LogPagination'> | null;
  loading: boolean;
  error: string | null;
};

/** One page of the action log for the current filters; the newest request wins. */
export function useActionLogs({ page, limit, actionType, adminId }: LogQuery) {
  const [state, setState] = useState<State>({ logs: [], pagination: null, loading: true, error: null });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, 'Failed to fetch admin action logs', () =>
        logsApi.list({ page, limit, actionType, adminId }),
      );
      set({ logs: data.logs, pagination: data.pagination });
    } catch {
      // trackAsync stored the message
    }
  }, [page, limit, actionType, adminId]);
  useEffect(() => {
    void load();
  }, [load]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, dismissError };
}

/** The admins for the admin filter; a failure is shown like any other and leaves 'All admins'. */
export function useAdmins() {
  const [admins, setAdmins] = useState<Schema<'AdminSummary'>[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    logsApi.admins().then(
      (list) => live && setAdmins(list),
      (failure: unknown) => live && setError(getErrorMessage(failure, 'Failed to fetch admins list')),
    );
    return () => {
      live = false;
    };
  }, []);
  return { admins, error, dismissError: () => setError(null) };
}
