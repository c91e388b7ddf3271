import type { ApiClient, TokenStore } from './client.ts';
import { ApiError, trackAsync, unwrap } from './errors.ts';
import type { components } from './schema.gen.ts';

type User = components['schemas']['User'];
type Role = components['schemas']['Role'];
type Session = components['schemas']['Session'];

export type SessionSlice = {
  isAuthenticated: boolean;
  userData: User | null;
  loading: boolean;
  error: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  role: Role | null;
  isEmailVerified: boolean;
  login(identifier: string, password: string): Promise<User>;
  fetchCurrentUser(): Promise<User | null>;
  restore(): Promise<void>;
  logout(): Promise<void>;
  setSession(session: Session): User;
  clearSession(): void;
  clearError(): void;
};

const signedOut = {
  isAuthenticated: false,
  userData: null,
  accessToken: null,
  refreshToken: null,
  role: null,
  isEmailVerified: false,
} as const;

/**
 * The session half of both SPAs' zustand auth stores (the same rules in each): sign-in by email or username,
 * restore from the stored tokens, current-user fetch, and a logout that always clears the session.
 */
export function createSessionSlice<S extends SessionSlice>(
  set: (partial: Partial<S>) => void,
  get: () => S,
  deps: { api: () => ApiClient; tokens: TokenStore },
): SessionSlice {
  const update = set as (partial: Partial<SessionSlice>) => void;
  return {
    ...signedOut,
    loading: false,
    error: null,

    setSession(session) {
      deps.tokens.setTokens(session);
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
        return get().setSession(
          await unwrap(deps.api().POST('/users/login', { body: credentials }), 'Login failed'),
        );
      }),

    fetchCurrentUser: async () => {
      try {
        const user = await trackAsync(update, 'Failed to get current user', () =>
          unwrap(deps.api().GET('/users/current-user'), 'Failed to get current user'),
        );
        update({ userData: user, role: user.role, isEmailVerified: user.isEmailVerified });
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
      if (!get().userData) await get().fetchCurrentUser();
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
      update({ ...signedOut, loading: false });
    },

    clearError: () => update({ error: null }),
  };
}

export const isAdminRole = (role: Role | null | undefined) => role === 'admin' || role === 'super_admin';
