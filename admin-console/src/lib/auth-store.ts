import { createSessionSlice, type SessionSlice } from '@cityquest/web-client';
import { create } from 'zustand';
import { api, setSessionEndedHandler, tokenStore } from './api.ts';

export type AuthState = SessionSlice;

/**
 * The console's session: the same rules as the explorer app (login by email or username, restore from the
 * stored tokens, a logout that always clears), kept apart because each origin has its own storage.
 */
export const useAuthStore = create<AuthState>()((set, get) =>
  createSessionSlice(set, get, { api, tokens: tokenStore }),
);

// A refresh that failed after a 401 ends the session; the route guards then send the admin to /login.
setSessionEndedHandler(() => useAuthStore.getState().clearSession());
