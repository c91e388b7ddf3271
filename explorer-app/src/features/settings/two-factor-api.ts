import type { Schema } from '@cityquest/contract';
import { ApiError, apiKey, unwrap } from '@cityquest/web-client';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useAuthStore } from '../../lib/auth-store.ts';

export const twoFactorQueries = {
  status: () =>
    queryOptions({
      queryKey: apiKey('/users/two-factor'),
      queryFn: () => unwrap(api().GET('/users/two-factor'), 'Failed to load two-factor sign-in'),
    }),
};

/**
 * The signed-in user's settings mirror two-factor sign-in (`settings.security.twoFactorAuth`), but only
 * /users/two-factor changes it and its answers are not the user, so the session store is told here.
 */
function keepTwoFactor(enabled: boolean) {
  const user = useAuthStore.getState().userData;
  if (user)
    useAuthStore.setState({
      userData: { ...user, settings: { ...user.settings, security: { twoFactorAuth: enabled } } },
    });
}

const rereadStatus = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: apiKey('/users/two-factor') });

/** A 409 means it was turned on elsewhere meanwhile (another tab or device): the switch catches up. */
const catchUpOnConflict = (queryClient: QueryClient) => (error: Error) =>
  error instanceof ApiError && error.status === 409 ? rereadStatus(queryClient) : undefined;

/**
 * Account-security changes need the current password unless this session signed in less than 5 minutes ago
 * (docs/product-rules/accounts-and-security.md#two-factor-sign-in): an empty field sends none, and the server
 * answers 400 on `password` when it was needed.
 */
const stepUp = (password: string): Schema<'StepUpRequest'> => (password ? { password } : {});

/**
 * The mutations below carry the password in their variables: `gcTime: 0` drops them from the mutation cache as
 * soon as their dialog lets go, so the password lives no longer than the form that holds it.
 */
const FORGET_VARIABLES = { gcTime: 0 } as const;

/** A new secret, not in use until its first code turns two-factor sign-in on. */
export function useStartTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_VARIABLES,
    mutationFn: (password: string) =>
      unwrap(
        api().POST('/users/two-factor/setup', { body: stepUp(password) }),
        'Failed to start two-factor setup',
      ),
    onError: catchUpOnConflict(queryClient),
  });
}

/** Answers the recovery codes, which the server shows this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      unwrap(
        api().POST('/users/two-factor/enable', { body: { code } }),
        'Failed to turn on two-factor sign-in',
      ),
    onSuccess: () => {
      keepTwoFactor(true);
      return rereadStatus(queryClient);
    },
    onError: catchUpOnConflict(queryClient),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_VARIABLES,
    mutationFn: ({ code, password }: { code: string; password: string }) =>
      unwrap(
        api().POST('/users/two-factor/recovery-codes', { body: { code, ...stepUp(password) } }),
        'Failed to generate new recovery codes',
      ),
    onSuccess: () => rereadStatus(queryClient),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_VARIABLES,
    mutationFn: (body: Schema<'DisableTwoFactorRequest'>) =>
      unwrap(api().POST('/users/two-factor/disable', { body }), 'Failed to turn off two-factor sign-in'),
    // The answer is the new status: nothing to read again.
    onSuccess: (status) => {
      queryClient.setQueryData(twoFactorQueries.status().queryKey, status);
      keepTwoFactor(status.enabled);
    },
  });
}
