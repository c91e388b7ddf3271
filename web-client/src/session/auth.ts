import type { Schema, User } from '@cityquest/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ApiClient } from '../client.ts';
import { ApiError, unwrap } from '../errors.ts';
import { toFormData } from '../multipart.ts';
import { apiKey } from '../query.ts';
import type { SessionTokens } from './token-store.ts';

type Session = Schema<'Session'>;
type TwoFactorChallenge = Schema<'TwoFactorChallenge'>;

/**
 * The signed-in user kept on the device, so an app opened without a connection starts signed in with what it
 * knew (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection).
 */
export type UserCache = { read(): User | null; write(user: User | null): void };

/** What a sign-in answered: the user, or the code step of two-factor sign-in. */
export type SignInResult =
  | { user: User; challenge?: never }
  | { challenge: TwoFactorChallenge; user?: never };

/** Where a session ended leaves the screen: a path to go to, or (none) the guards decide again. */
export type SessionEnd = { to?: string };

/** The current user's cache key: the contract path of GET /users/current-user. */
export const meKey = apiKey('/users/current-user');

const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * The signed-in user as a query and every sign-in flow as a mutation (bulletproof-react's react-query-auth),
 * written once for both SPAs. Each app calls this once with its client and token store, attaches its query client
 * and router (`attach`), ensures `meQuery` in its root `beforeLoad`, and guards routes on the user it answers.
 */
export function configureAuth(deps: {
  api: () => ApiClient;
  tokens: SessionTokens;
  /** The explorer keeps the user on the device for an offline start; the console does not. */
  userCache?: UserCache;
}) {
  const { api, tokens, userCache } = deps;
  let attached: { queryClient: QueryClient; router: AnyRouter } | null = null;

  /**
   * The one end of a session (logout, failed refresh, an account that is gone): the tokens and the kept user go,
   * every cached answer is forgotten so nobody sees the previous account's data, then the router loads again (its
   * guards redirect) or goes where the ending says.
   */
  async function endSession(
    queryClient: QueryClient | undefined,
    router: AnyRouter | undefined,
    end: SessionEnd = {},
  ) {
    tokens.clear();
    userCache?.write(null);
    queryClient?.clear();
    if (!router) return;
    if (end.to) await router.navigate({ to: end.to });
    else await router.invalidate();
  }

  /** A new session: nothing a visitor or a previous account read is kept, and the user is known at once. */
  function startSession(queryClient: QueryClient, session: Session): User {
    queryClient.clear();
    queryClient.setQueryData(meKey, session.user);
    userCache?.write(session.user);
    tokens.setTokens(session);
    return session.user;
  }

  async function readMe(queryClient: QueryClient): Promise<User | null> {
    // Signed in when both stored tokens exist (docs/product-rules/accounts-and-security.md#token-storage).
    if (!tokens.isSignedIn()) return null;
    try {
      const user = await unwrap(api().GET('/users/current-user'), 'Failed to get current user');
      userCache?.write(user);
      return user;
    } catch (error) {
      // The network or the server failed: a user already known stays (offline, the kept copy). Only an answer
      // about the account (401 after the refresh, 403 suspended, 404 deleted), or a start with nobody known,
      // ends the session.
      const known = queryClient.getQueryData<User | null>(meKey) ?? userCache?.read() ?? null;
      if (isTransient(error) && known) return known;
      tokens.clear();
      userCache?.write(null);
      // After this answer is stored: the cache is cleared and the guards run again.
      setTimeout(() => void endSession(attached?.queryClient, attached?.router), 0);
      return null;
    }
  }

  /** The current user, or null for a visitor. Root `beforeLoad` ensures it, so screens find it in the cache. */
  const meQuery = queryOptions({
    queryKey: meKey,
    queryFn: ({ client }) => readMe(client),
    // Opened offline, the kept user shows at once and is read again behind it.
    initialData: () => (tokens.isSignedIn() ? (userCache?.read() ?? undefined) : undefined),
    initialDataUpdatedAt: 0,
  });

  /** For a root `beforeLoad`: the user, read once per session (and again behind it when stale). */
  const ensureUser = (queryClient: QueryClient) =>
    queryClient.ensureQueryData({ ...meQuery, revalidateIfStale: true });

  /** The signed-in user for a screen, or null (visitor, or the session has just ended). */
  function useUser(): User | null {
    const signedIn = tokens.useSignedIn();
    const { data } = useQuery({ ...meQuery, enabled: signedIn });
    return signedIn ? (data ?? null) : null;
  }

  /** For the mutation hooks: the app's query client and router, with a way to end the session. */
  function useSession() {
    const queryClient = useQueryClient();
    const router = useRouter();
    return {
      queryClient,
      start: (session: Session) => startSession(queryClient, session),
      end: (end?: SessionEnd) => endSession(queryClient, router, end),
    };
  }

  /**
   * Sign-in by email or username: docs/product-rules/accounts-and-security.md#sign-in. An account with a second
   * factor answers a challenge instead (its code step: `useCompleteTwoFactor`).
   */
  function useLogin() {
    const session = useSession();
    return useMutation({
      // The password is in the variables: dropped as soon as the form lets go.
      gcTime: 0,
      mutationFn: async ({ identifier, password }: { identifier: string; password: string }) => {
        const trimmed = identifier.trim();
        // An identifier with an at-sign is sent as email: docs/product-rules/accounts-and-security.md#sign-in
        const credentials = trimmed.includes('@')
          ? { email: trimmed, password }
          : { username: trimmed, password };
        const result = await unwrap(api().POST('/users/login', { body: credentials }), 'Login failed');
        return ('challenge' in result
          ? { challenge: result }
          : { user: session.start(result) }) satisfies SignInResult as SignInResult;
      },
    });
  }

  /**
   * The code step of a sign-in whose password was right: an authenticator or recovery code. A 401 means the
   * challenge expired or changed: the sign-in starts again from the password
   * (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
   */
  function useCompleteTwoFactor() {
    const session = useSession();
    return useMutation({
      mutationFn: async ({ challenge, code }: { challenge: TwoFactorChallenge; code: string }) =>
        session.start(
          await unwrap(
            api().POST('/users/login/two-factor', {
              body: { challenge: challenge.challenge, code: code.trim() },
            }),
            'Login failed',
          ),
        ),
    });
  }

  /** A new, unverified account: answers the email its code went to. */
  function useRegister() {
    return useMutation({
      gcTime: 0,
      mutationFn: (input: Schema<'RegisterRequest'>) =>
        unwrap(
          api().POST('/users/register', { body: input, bodySerializer: toFormData }),
          'Registration failed',
        ),
    });
  }

  /** Verifying signs the user in: docs/product-rules/accounts-and-security.md#email-verification */
  function useVerifyEmail() {
    const session = useSession();
    return useMutation({
      mutationFn: async (body: Schema<'VerifyEmailRequest'>) =>
        session.start(await unwrap(api().POST('/users/verify-email', { body }), 'Email verification failed')),
    });
  }

  function useResendVerificationCode() {
    return useMutation({
      mutationFn: async (email: string) => {
        await unwrap(
          api().POST('/users/resend-verification-code', { body: { email } }),
          'Failed to resend verification code',
        );
      },
    });
  }

  function useRequestPasswordReset() {
    return useMutation({
      mutationFn: async (email: string) => {
        await unwrap(
          api().POST('/users/request-password-reset', { body: { email } }),
          'Failed to send password reset code',
        );
      },
    });
  }

  function useResetPassword() {
    return useMutation({
      gcTime: 0,
      mutationFn: async (body: Schema<'ResetPasswordRequest'>) => {
        await unwrap(api().POST('/users/reset-password', { body }), 'Password reset failed');
      },
    });
  }

  /** The answer is the user as the server now has it. */
  function useChangePassword() {
    const queryClient = useQueryClient();
    return useMutation({
      gcTime: 0,
      mutationFn: (body: Schema<'ChangePasswordRequest'>) =>
        unwrap(api().POST('/users/change-password', { body }), 'Failed to change password'),
      onSuccess: (user) => {
        userCache?.write(user);
        queryClient.setQueryData(meKey, user);
      },
    });
  }

  /**
   * Logout ends the session on this device whatever the server answered
   * (docs/product-rules/routes.md#header-and-navigation), then goes to `to` (the guards decide without one).
   */
  function useLogout() {
    const session = useSession();
    return useMutation({
      mutationFn: async (end: SessionEnd = {}) => {
        try {
          if (tokens.getAccessToken()) await api().POST('/users/logout');
        } catch {
          // The session ends on this device whatever the server answered.
        }
        await session.end(end);
      },
    });
  }

  /** Ends the session without a call: the account was deleted, or another answer says the session is gone. */
  function useEndSession() {
    const queryClient = useQueryClient();
    const router = useRouter();
    return useCallback((end?: SessionEnd) => endSession(queryClient, router, end), [queryClient, router]);
  }

  /** The user as the server now has it, after a change elsewhere (a live event, a quest completed). */
  const refreshUser = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: meKey });

  /** The user a change answered (settings, pictures, account details): the header and theme follow at once. */
  function keepUser(queryClient: QueryClient, user: User) {
    userCache?.write(user);
    queryClient.setQueryData(meKey, user);
  }

  /** Changes the cached user in place, for answers that are not the user (two-factor status, settings). */
  function updateUser(queryClient: QueryClient, change: (user: User) => User) {
    const user = queryClient.getQueryData<User | null>(meKey);
    if (user) keepUser(queryClient, change(user));
  }

  return {
    meQuery,
    ensureUser,
    useUser,
    useSignedIn: tokens.useSignedIn,
    useLogin,
    useCompleteTwoFactor,
    useRegister,
    useVerifyEmail,
    useResendVerificationCode,
    useRequestPasswordReset,
    useResetPassword,
    useChangePassword,
    useLogout,
    useEndSession,
    refreshUser,
    keepUser,
    updateUser,
    /** The signed-in user's id outside React (offline proofs), from the cache. */
    currentUser: (): User | null =>
      tokens.isSignedIn() ? (attached?.queryClient.getQueryData<User | null>(meKey) ?? null) : null,
    /**
     * The app's query client and router: a session that ends outside a screen (a refresh that failed) clears the
     * one and invalidates the other. Returns the session-ended handler for the API client.
     */
    attach(queryClient: QueryClient, router: AnyRouter) {
      attached = { queryClient, router };
      return () => void endSession(queryClient, router);
    },
  };
}

export type Auth = ReturnType<typeof configureAuth>;
