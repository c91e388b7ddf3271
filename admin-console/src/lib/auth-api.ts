import { configureAuth, configureTwoFactor } from '@cityquest/web-client';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { api, setSessionEndedHandler, tokenStore } from './api.ts';

/**
 * The console's session, with the explorer's rules and code (login by email or username, the two-factor step, a
 * logout that always clears), kept apart because each origin has its own storage.
 */
export const auth = configureAuth({ api, tokens: tokenStore });

export const { ensureUser, useUser, useSignedIn, useLogin, useCompleteTwoFactor, useLogout } = auth;

/** A refresh that failed after a 401 ends the session: the cache is cleared and the guards send the admin to /login. */
export function attachSession(queryClient: QueryClient, router: AnyRouter) {
  setSessionEndedHandler(auth.attach(queryClient, router));
}

export const twoFactor = configureTwoFactor({ api, auth });
