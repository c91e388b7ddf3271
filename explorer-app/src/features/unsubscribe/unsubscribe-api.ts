import { unwrap } from '@cityquest/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';
import { auth } from '../../lib/auth-api.ts';

/** An unsubscribe link from a notification mail, read and used without signing in. */
export const unsubscribeQueries = {
  describe: (token: string) => getQuery('/notifications/unsubscribe', { query: { token } }),
};

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // No body: the form body `List-Unsubscribe=One-Click` (RFC 8058) is what mail programs send; the page needs none.
    mutationFn: () =>
      unwrap(
        api().POST('/notifications/unsubscribe', { params: { query: { token } } }),
        'Failed to unsubscribe',
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(unsubscribeQueries.describe(token).queryKey, answer);
      // The link may be the signed-in account's own: its settings (the current user) must show that mail off.
      void auth.refreshUser(queryClient);
    },
  });
}
