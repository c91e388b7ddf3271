import type { Schema } from '@cityquest/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { ApiError, unwrap } from '../errors.ts';
import { apiKey } from '../query.ts';
import type { Auth } from './auth.ts';

export type TwoFactorStatus = Schema<'TwoFactorStatus'>;
export type TwoFactorSetup = Schema<'TwoFactorSetup'>;

/**
 * An admin the server requires to use two-factor sign-in, who has not turned it on yet: every admin call
 * answers 403 until they do (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export const needsEnrolment = (status: TwoFactorStatus) => status.required && !status.enabled;

/**
 * Account-security changes need the current password unless this session signed in less than 5 minutes ago
 * (docs/product-rules/accounts-and-security.md#step-up): an empty field sends none, and the server answers 400 on
 * `password` when it was needed.
 */
const stepUp = (password: string): Schema<'StepUpRequest'> => (password ? { password } : {});

/**
 * The mutations below carry the password in their variables: `gcTime: 0` drops them from the mutation cache as
 * soon as their screen lets go, so the password lives no longer than the form that holds it.
 */
const FORGET_VARIABLES = { gcTime: 0 } as const;

/**
 * Two-factor sign-in of the signed-in account, one API for both apps: the settings screen of the explorer and the
 * console's enrolment screen and guards (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export function configureTwoFactor(deps: { api: () => ApiClient; auth: Pick<Auth, 'updateUser'> }) {
  const { api, auth } = deps;
  const statusKey = apiKey('/users/two-factor');

  const twoFactorQueries = {
    status: () =>
      queryOptions({
        queryKey: statusKey,
        queryFn: () => unwrap(api().GET('/users/two-factor'), 'Failed to load two-factor sign-in'),
      }),
  };

  /**
   * Read again, observed or not: the console's guards read the status from the cache without a screen
   * watching it.
   */
  const rereadStatus = (queryClient: QueryClient) =>
    queryClient.invalidateQueries({ queryKey: statusKey, refetchType: 'all' });

  /** A 409 says it was turned on elsewhere meanwhile (another tab or device): the status catches up. */
  const catchUpOnConflict = (queryClient: QueryClient) => (error: Error) =>
    error instanceof ApiError && error.status === 409 ? rereadStatus(queryClient) : undefined;

  /** The user's settings mirror the flag (`settings.security.twoFactorAuth`); only these calls change it. */
  const keepFlag = (queryClient: QueryClient, enabled: boolean) =>
    auth.updateUser(queryClient, (user) => ({
      ...user,
      settings: { ...user.settings, security: { ...user.settings.security, twoFactorAuth: enabled } },
    }));

  /** A new secret, not in use until its first code turns two-factor sign-in on; a new start replaces it. */
  function useStartTwoFactorSetup() {
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

  /**
   * The first code of the new secret turns two-factor sign-in on and answers the recovery codes, shown once. The
   * status says "on" at once (guards read it from the cache), then is read again behind the codes.
   */
  function useEnableTwoFactor() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (code: string) =>
        unwrap(
          api().POST('/users/two-factor/enable', { body: { code } }),
          'Failed to turn on two-factor sign-in',
        ),
      onSuccess: ({ recoveryCodes }) => {
        queryClient.setQueryData(statusKey, (status: TwoFactorStatus | undefined) => ({
          required: status?.required ?? false,
          enabled: true,
          enabledAt: new Date().toISOString(),
          recoveryCodesLeft: recoveryCodes.length,
        }));
        keepFlag(queryClient, true);
        // Not awaited: the recovery codes show at once, whatever the refresh takes.
        void rereadStatus(queryClient);
      },
      onError: catchUpOnConflict(queryClient),
    });
  }

  function useRegenerateRecoveryCodes() {
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

  function useDisableTwoFactor() {
    const queryClient = useQueryClient();
    return useMutation({
      ...FORGET_VARIABLES,
      mutationFn: (body: Schema<'DisableTwoFactorRequest'>) =>
        unwrap(api().POST('/users/two-factor/disable', { body }), 'Failed to turn off two-factor sign-in'),
      // The answer is the new status: nothing to read again.
      onSuccess: (status) => {
        queryClient.setQueryData(statusKey, status);
        keepFlag(queryClient, status.enabled);
      },
    });
  }

  return {
    twoFactorQueries,
    useStartTwoFactorSetup,
    useEnableTwoFactor,
    useRegenerateRecoveryCodes,
    useDisableTwoFactor,
  };
}
