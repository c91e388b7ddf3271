import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TokenStore, Tokens } from '../client.ts';

type TokenState = { accessToken: string | null; refreshToken: string | null };

/**
 * The session's tokens and nothing else (the user is a query: see `configureAuth`). Storage stays the truth,
 * as another tab may rotate the tokens; the zustand store beside it lets screens follow sign-in and sign-out.
 */
export type SessionTokens = TokenStore & {
  /** Signed in when both tokens exist (docs/product-rules/accounts-and-security.md#token-storage). */
  isSignedIn(): boolean;
  useSignedIn(): boolean;
};

const signedIn = (state: TokenState) => state.accessToken !== null && state.refreshToken !== null;

export function createTokenStore(persisted: TokenStore): SessionTokens {
  const read = (): TokenState => ({
    accessToken: persisted.getAccessToken(),
    refreshToken: persisted.getRefreshToken(),
  });
  const store: StoreApi<TokenState> = createStore<TokenState>(read);
  /** Catches up with the storage (another tab signed in or out) whenever the session is asked about. */
  const sync = () => {
    const now = read();
    const kept = store.getState();
    if (now.accessToken !== kept.accessToken || now.refreshToken !== kept.refreshToken) store.setState(now);
    return now;
  };
  return {
    getAccessToken: () => persisted.getAccessToken(),
    getRefreshToken: () => persisted.getRefreshToken(),
    setTokens(tokens: Tokens) {
      persisted.setTokens(tokens);
      store.setState(read());
    },
    clear() {
      persisted.clear();
      store.setState(read());
    },
    isSignedIn: () => signedIn(sync()),
    useSignedIn: () => useStore(store, signedIn),
  };
}
