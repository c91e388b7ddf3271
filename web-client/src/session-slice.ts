import type { components } from '@cityquest/contract';
import type { ApiClient, TokenStore } from './client.ts';
import { ApiError, trackAsync, unwrap } from './errors.ts';

type User = components['schemas']['User'];
type Role = components['schemas']['Role'];
type Session = components['schemas']['Session'];
type TwoFactorChallenge = components['schemas']['TwoFactorChallenge'];

export type SessionSlice = {
  isAuthenticated: boolean;
  userData: User | null;
  loading: boolean;
  error: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  role: Role | null;
  isEmailVerified: boolean;
  /** The password was right and the account asks for a second factor: the code step of the sign-in. */
  twoFactorChallenge: TwoFactorChallenge | null;
  /** The signed-in user, or null when the account needs a code first (`twoFactorChallenge` is then set). */
  login(identifier: string, password: string): Promise<User | null>;
  /** Completes a sign-in `login` left at its code step, with an authenticator or recovery code. */
  completeTwoFactor(code: string): Promise<User>;
  /** Leaves the code step, back to the password. */
  cancelTwoFactor(): void;
  fetchCurrentUser(): Promise<User | null>;
  restore(): Promise<void>;
  logout(): Promise<void>;
  setSession(session: Session): User;
  clearSession(): void;
  clearError(): void;
};

/**
 * The signed-in user kept on the device, so an app opened without a connection starts signed in with what it
 * knew (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection).
 */
export type UserCache = { read(): User | null; write(user: User | null): void };

const signedOut = {
  isAuthenticated: false,
  userData: null,
  accessToken: null,
  refreshToken: null,
  role: null,
  isEmailVerified: false,
  twoFactorChallenge: null,
} as const;

/**
 * The session half of both SPAs' zustand auth stores (the same rules in each): sign-in by email or username,
 * restore from the stored tokens, current-user fetch, and a logout that always clears the session.
 */
export function createSessionSlice<S extends SessionSlice>(
  set: (partial: Partial<S>) => void,
  get: () => S,
  deps: { api: () => ApiClient; tokens: TokenStore; userCache?: UserCache },
): SessionSlice {
  const update = set as (partial: Partial<SessionSlice>) => void;
  const showUser = (user: User) => {
    deps.userCache?.write(user);
    update({ userData: user, role: user.role, isEmailVerified: user.isEmailVerified });
  };
  return {
    ...signedOut,
    loading: false,
    error: null,

    setSession(session) {
      deps.tokens.setTokens(session);
      deps.userCache?.write(session.user);
      update({
        isAuthenticated: true,
        userData: session.user,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        role: session.user.role,
        isEmailVerified: session.user.isEmailVerified,
      });
      return session.user;
    },

    login: (identifier, password) =>
      trackAsync(update, 'Login failed', async () => {
        const trimmed = identifier.trim();
        // An identifier with an at-sign is sent as email: docs/product-rules/accounts-and-security.md#sign-in
        const credentials = trimmed.includes('@')
          ? { email: trimmed, password }
          : { username: trimmed, password };
        const result = await unwrap(deps.api().POST('/users/login', { body: credentials }), 'Login failed');
        if ('challenge' in result) {
          update({ twoFactorChallenge: result });
          return null;
        }
        return get().setSession(result);
      }),

    completeTwoFactor: (code) =>
      trackAsync(update, 'Login failed', async () => {
        const pending = get().twoFactorChallenge;
        if (!pending) throw new ApiError('This sign-in has expired. Please sign in again.', 401);
        try {
          const session = await unwrap(
            deps
              .api()
              .POST('/users/login/two-factor', { body: { challenge: pending.challenge, code: code.trim() } }),
            'Login failed',
          );
          update({ twoFactorChallenge: null });
          return get().setSession(session);
        } catch (error) {
          // An expired challenge cannot be completed: the sign-in starts again from the password.
          if (error instanceof ApiError && error.status === 401) update({ twoFactorChallenge: null });
          throw error;
        }
      }),

    cancelTwoFactor: () => update({ twoFactorChallenge: null, error: null }),

    fetchCurrentUser: async () => {
      try {
        const user = await trackAsync(update, 'Failed to get current user', () =>
          unwrap(deps.api().GET('/users/current-user'), 'Failed to get current user'),
        );
        showUser(user);
        return user;
      } catch (error) {
        // A refresh of a known user that the network or the server failed keeps the session: only an answer
        // about the account (401 after the refresh, 403, 404) ends it. A restore with no user yet still ends.
        const known = get().userData;
        const transient = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        if (transient && known) return known;
        get().clearSession();
        return null;
      }
    },

    restore: async () => {
      const accessToken = deps.tokens.getAccessToken();
      const refreshToken = deps.tokens.getRefreshToken();
      // Signed in when both stored tokens exist (docs/product-rules/accounts-and-security.md#token-storage).
      if (!accessToken || !refreshToken) {
        get().clearSession();
        return;
      }
      update({ isAuthenticated: true, accessToken, refreshToken });
      if (get().userData) return;
      const kept = deps.userCache?.read();
      if (!kept) {
        await get().fetchCurrentUser();
        return;
      }
      // Shown at once, and refreshed behind it: offline the kept copy stays; an ended session still ends.
      showUser(kept);
      void get().fetchCurrentUser();
    },

    logout: async () => {
      try {
        if (deps.tokens.getAccessToken()) await deps.api().POST('/users/logout');
      } catch {
        // The session ends on this device whatever the server answered.
      } finally {
        get().clearSession();
      }
    },

    clearSession: () => {
      deps.tokens.clear();
      deps.userCache?.write(null);
      update({ ...signedOut, loading: false });
    },

    clearError: () => update({ error: null }),
  };
}
