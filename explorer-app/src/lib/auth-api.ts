import { configureAuth } from '@cityquest/web-client';
import { createLocalStorageUserCache } from '@cityquest/web-client/browser';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { api, setSessionEndedHandler, tokenStore } from './api.ts';

/**
 * The explorer's session: tokens in a small store, the signed-in user as a query and every sign-in flow as a
 * mutation, shared with the console. The explorer opens offline on a quest in progress, so it keeps the user on
 * the device (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection).
 */
export const auth = configureAuth({ api, tokens: tokenStore, userCache: createLocalStorageUserCache() });

export const {
  ensureUser,
  useUser,
  useSignedIn,
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
} = auth;

/** A session that ends outside a screen (a refresh that failed) clears this cache and runs the guards again. */
export function attachSession(queryClient: QueryClient, router: AnyRouter) {
  setSessionEndedHandler(auth.attach(queryClient, router));
}

const REGISTRATION_EMAIL_KEY = 'registrationEmail';

/** The address a new account's code went to, kept on the device for the verify screen until it is used. */
export const registrationEmail = {
  read: () => window.localStorage.getItem(REGISTRATION_EMAIL_KEY),
  write(email: string | null) {
    if (email) window.localStorage.setItem(REGISTRATION_EMAIL_KEY, email);
    else window.localStorage.removeItem(REGISTRATION_EMAIL_KEY);
  },
};
