import type { Schema } from '@cityquest/contract';
import { type ApiError, apiKey, unwrap } from '@cityquest/web-client';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { useAuthStore } from './auth-store.ts';

export type TwoFactorStatus = Schema<'TwoFactorStatus'>;
export type TwoFactorSetup = Schema<'TwoFactorSetup'>;

/** The signed-in account's two-factor sign-in: read by the route guards and the enrolment screen. */
export const twoFactorQueries = {
  status: () =>
    queryOptions({
      queryKey: apiKey('/users/two-factor'),
      queryFn: () => unwrap(api().GET('/users/two-factor'), 'Failed to fetch two-factor sign-in'),
    }),
};

/**
 * An admin the server requires to use two-factor sign-in, who has not turned it on yet: every admin call
 * answers 403 until they do (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export const needsEnrolment = (status: TwoFactorStatus) => status.required && !status.enabled;

/** 409 says it is on already (set up in another tab): the status is read again before the caller goes on. */
function refreshWhenAlreadyOn(queryClient: QueryClient, error: ApiError) {
  if (error.status !== 409) return undefined;
  return queryClient.invalidateQueries({ queryKey: twoFactorQueries.status().queryKey, refetchType: 'all' });
}

/**
 * A new authenticator secret; a setup started again replaces it on the server. It needs the current password
 * unless this session signed in less than 5 minutes ago (docs/product-rules/accounts-and-security.md#two-factor-sign-in):
 * an empty password sends none, and the server answers 400 on `password` when it was needed. `gcTime: 0` drops the
 * password in the variables from the mutation cache as soon as the screen lets go.
 */
export function useStartTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (password: string) =>
      unwrap(
        api().POST('/users/two-factor/setup', { body: password ? { password } : {} }),
        'Failed to start two-factor sign-in setup',
      ),
    onError: (error) => refreshWhenAlreadyOn(queryClient, error),
  });
}

/**
 * The first code of the new secret turns two-factor sign-in on and answers the recovery codes. The guards read
 * the status from the cache, so it says "on" at once, then the status and the user (their security setting)
 * load again from the server.
 */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      unwrap(
        api().POST('/users/two-factor/enable', { body: { code } }),
        'Failed to turn on two-factor sign-in',
      ),
    onSuccess: ({ recoveryCodes }) => {
      const { queryKey } = twoFactorQueries.status();
      queryClient.setQueryData(queryKey, (status) => ({
        required: status?.required ?? false,
        enabled: true,
        enabledAt: new Date().toISOString(),
        recoveryCodesLeft: recoveryCodes.length,
      }));
      // Not awaited: the recovery codes show at once, whatever the refresh takes.
      void queryClient.invalidateQueries({ queryKey, refetchType: 'all' });
      void useAuthStore.getState().fetchCurrentUser();
    },
    onError: (error) => refreshWhenAlreadyOn(queryClient, error),
  });
}
