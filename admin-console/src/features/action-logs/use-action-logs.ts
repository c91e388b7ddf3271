import { getErrorMessage, type Schema } from '@cityquest/openapi';
import { useEffect, useState } from 'react';
import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { type LogQuery, logsApi } from './logs-api.ts';

/** One page of the action log for the current filters; the newest request wins. */
export function useActionLogs({ page, limit, actionType, adminId }: LogQuery) {
  const { data, setData, ...request } = useLatestRequest(
    () => logsApi.list({ page, limit, actionType, adminId }),
    'Failed to fetch admin action logs',
    [page, limit, actionType, adminId],
  );
  return { ...request, logs: data?.logs ?? [], pagination: data?.pagination ?? null };
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
