import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { auth } from '../../lib/auth-api.ts';

/** An unsubscribe link from a notification mail, read and used without signing in. */
export const unsubscribeQueries = {
  describe: (token: string) =>
    queryOptions({
      queryKey: apiKey('/notifications/unsubscribe', { query: { token } }),
      queryFn: () =>
        unwrap(
          api().GET('/notifications/unsubscribe', { params: { query: { token } } }),
          'Failed to check the unsubscribe link',
        ),
    }),
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
