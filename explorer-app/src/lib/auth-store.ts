import { isAdminRole, type User } from '@cityquest/contract';
import { createSessionSlice, type SessionSlice, toFormData, trackAsync, unwrap } from '@cityquest/web-client';
import { createLocalStorageUserCache } from '@cityquest/web-client/browser';
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

export type AuthState = SessionSlice & {
  registrationEmail: string | null;
  /** Where a guarded page goes when its session ends; Access Denied unless the ending chose otherwise. */
  signedOutTo: '/' | '/access-denied';
  /** Ends the session and sends the guarded page the explorer is on to `path` (a deleted account goes home). */
  endSessionTo(path: '/' | '/access-denied'): void;
  register(input: RegisterInput): Promise<{ email: string }>;
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
};

export const useAuthStore = create<AuthState>()((set, get) => ({
  // The explorer app opens offline on a quest in progress, so it keeps the user beside the tokens.
  ...createSessionSlice(set, get, { api, tokens: tokenStore, userCache: createLocalStorageUserCache() }),
  registrationEmail: window.localStorage.getItem(REGISTRATION_EMAIL_KEY),
  signedOutTo: '/access-denied',
  endSessionTo: (path) => {
    set({ signedOutTo: path });
    get().clearSession();
  },

  register: (input) =>
    trackAsync(set, 'Registration failed', async () => {
      const registered = await unwrap(
        api().POST('/users/register', { body: input, bodySerializer: toFormData }),
        'Registration failed',
      );
      window.localStorage.setItem(REGISTRATION_EMAIL_KEY, registered.email);
      set({ registrationEmail: registered.email });
      return registered;
    }),

  verifyEmail: (email, verificationCode) =>
    trackAsync(set, 'Email verification failed', async () => {
      const session = await unwrap(
        api().POST('/users/verify-email', { body: { email, verificationCode } }),
        'Email verification failed',
      );
      window.localStorage.removeItem(REGISTRATION_EMAIL_KEY);
      set({ registrationEmail: null });
      return get().setSession(session);
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
}));

setSessionEndedHandler(() => useAuthStore.getState().clearSession());

export { isAdminRole };
