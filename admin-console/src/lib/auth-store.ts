import { createSessionSlice, type SessionSlice } from '@cityquest/openapi';
import { create } from 'zustand';
import { api, setSessionEndedHandler, tokenStore } from './api.ts';

export type AuthState = SessionSlice;

/** The admin console keeps its own session (its origin has its own storage). */
export const useAuthStore = create<AuthState>()((set, get) =>
  createSessionSlice(set, get, { api, tokens: tokenStore }),
);

setSessionEndedHandler(() => useAuthStore.getState().clearSession());
