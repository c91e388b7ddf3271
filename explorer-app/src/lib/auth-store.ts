import { type Role, trackAsync, type User, unwrap } from '@cityquest/openapi';
import { create } from 'zustand';
import { api, setSessionEndedHandler, tokenStore } from './api.ts';

const REGISTRATION_EMAIL_KEY = 'registrationEmail';

export type RegisterInput = {
  username: string;
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  avatar: File;
  coverImage: File;
};

export type AuthState = {
  isAuthenticated: boolean;
  userData: User | null;
  loading: boolean;
  error: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  role: Role | null;
  isEmailVerified: boolean;
  registrationEmail: string | null;
  login(identifier: string, password: string): Promise<User>;
  register(input: RegisterInput): Promise<User>;
  verifyEmail(email: string, verificationCode: string): Promise<User>;
  resendVerificationCode(email: string): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(input: {
    email: string;
    resetCode: string;
    newPassword: string;
    confirmPassword: string;
  }): Promise<void>;
  changePassword(input: {
    currentPassword: string;
    newPassword: string;
    confirmNewPassword: string;
  }): Promise<void>;
  fetchCurrentUser(): Promise<User | null>;
  restore(): Promise<void>;
  logout(): Promise<void>;
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

export const useAuthStore = create<AuthState>()((set, get) => {
  function signIn(session: { user: User; accessToken: string; refreshToken: string }) {
    tokenStore.setTokens(session);
    set({
      isAuthenticated: true,
      userData: session.user,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      role: session.user.role,
      isEmailVerified: session.user.isEmailVerified,
    });
    return session.user;
  }

  return {
    ...signedOut,
    loading: false,
    error: null,
    registrationEmail: window.localStorage.getItem(REGISTRATION_EMAIL_KEY),

    login: (identifier, password) =>
      trackAsync(set, 'Login failed', async () => {
        const trimmed = identifier.trim();
        // explorer-and-visitor.md section 5: an identifier with an at-sign is an email.
        const credentials = trimmed.includes('@')
          ? { email: trimmed, password }
          : { username: trimmed, password };
        return signIn(await unwrap(api().POST('/users/login', { body: credentials }), 'Login failed'));
      }),

    register: (input) =>
      trackAsync(set, 'Registration failed', async () => {
        const form = new FormData();
        for (const key of ['username', 'fullName', 'email', 'password', 'confirmPassword'] as const) {
          form.append(key, input[key]);
        }
        form.append('avatar', input.avatar);
        form.append('coverImage', input.coverImage);
        const user = await unwrap(
          api().POST('/users/register', {
            body: form as never,
            bodySerializer: (body) => body as unknown as FormData,
          }),
          'Registration failed',
        );
        window.localStorage.setItem(REGISTRATION_EMAIL_KEY, user.email);
        set({ registrationEmail: user.email });
        return user;
      }),

    verifyEmail: (email, verificationCode) =>
      trackAsync(set, 'Email verification failed', async () => {
        const session = await unwrap(
          api().POST('/users/verify-email', { body: { email, verificationCode } }),
          'Email verification failed',
        );
        window.localStorage.removeItem(REGISTRATION_EMAIL_KEY);
        set({ registrationEmail: null });
        return signIn(session);
      }),

    resendVerificationCode: (email) =>
      trackAsync(set, 'Failed to resend verification code', async () => {
        await unwrap(
          api().POST('/users/resend-verification-code', { body: { email } }),
          'Failed to resend verification code',
        );
      }),

    requestPasswordReset: (email) =>
      trackAsync(set, 'Failed to send password reset code', async () => {
        await unwrap(
          api().POST('/users/request-password-reset', { body: { email } }),
          'Failed to send password reset code',
        );
      }),

    resetPassword: (input) =>
      trackAsync(set, 'Password reset failed', async () => {
        await unwrap(api().POST('/users/reset-password', { body: input }), 'Password reset failed');
      }),

    changePassword: (input) =>
      trackAsync(set, 'Failed to change password', async () => {
        const user = await unwrap(
          api().POST('/users/change-password', { body: input }),
          'Failed to change password',
        );
        set({ userData: user });
      }),

    fetchCurrentUser: async () => {
      try {
        const user = await trackAsync(set, 'Failed to get current user', () =>
          unwrap(api().GET('/users/current-user'), 'Failed to get current user'),
        );
        set({ userData: user, role: user.role, isEmailVerified: user.isEmailVerified });
        return user;
      } catch {
        get().clearSession();
        return null;
      }
    },

    restore: async () => {
      const accessToken = tokenStore.getAccessToken();
      const refreshToken = tokenStore.getRefreshToken();
      // explorer-and-visitor.md section 4: signed in if both stored tokens exist.
      if (!accessToken || !refreshToken) {
        get().clearSession();
        return;
      }
      set({ isAuthenticated: true, accessToken, refreshToken });
      if (!get().userData) await get().fetchCurrentUser();
    },

    logout: async () => {
      try {
        if (tokenStore.getAccessToken()) await api().POST('/users/logout');
      } catch {
        // The session ends on this device whatever the server answered.
      } finally {
        get().clearSession();
      }
    },

    clearSession: () => {
      tokenStore.clear();
      set({ ...signedOut, loading: false });
    },

    clearError: () => set({ error: null }),
  };
});

setSessionEndedHandler(() => useAuthStore.getState().clearSession());

export const isAdminRole = (role: Role | null | undefined) => role === 'admin' || role === 'super_admin';
