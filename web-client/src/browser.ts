import type { components } from '@cityquest/contract';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@cityquest/contract/rules';
import { type ApiClient, createApiClient, type TokenStore, type Tokens } from './client.ts';
import type { UserCache } from './session/auth.ts';
import { createTokenStore, type SessionTokens } from './session/token-store.ts';

type User = components['schemas']['User'];

/** The signed-in user in local storage beside the tokens, for an app opened offline (see UserCache). */
export function createLocalStorageUserCache(storage: Storage = window.localStorage): UserCache {
  const key = 'currentUser';
  return {
    read() {
      try {
        return JSON.parse(storage.getItem(key) ?? 'null') as User | null;
      } catch {
        return null;
      }
    },
    write(user) {
      if (user) storage.setItem(key, JSON.stringify(user));
      else storage.removeItem(key);
    },
  };
}

/** Both SPAs keep the session in local storage: docs/product-rules/accounts-and-security.md#token-storage */
export function createLocalStorageTokenStore(storage: Storage = window.localStorage): TokenStore {
  return {
    getAccessToken: () => storage.getItem('accessToken'),
    getRefreshToken: () => storage.getItem('refreshToken'),
    setTokens(tokens: Tokens) {
      storage.setItem('accessToken', tokens.accessToken);
      storage.setItem('refreshToken', tokens.refreshToken);
    },
    clear() {
      storage.removeItem('accessToken');
      storage.removeItem('refreshToken');
    },
  };
}

async function readRuntimeConfig(url: string): Promise<unknown> {
  const embedded = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (embedded) return JSON.parse(embedded);
  const response = await fetch(url, { cache: 'no-cache' });
  return response.ok ? response.json() : {};
}

/**
 * Reads the runtime config the server embeds in index.html, or else serves beside it (the dev server), so
 * one build serves any environment; missing or unreadable config falls back to the defaults (same-origin
 * /api/v1).
 */
export async function loadRuntimeConfig<T extends object>(defaults: T, url = '/config.json'): Promise<T> {
  try {
    const loaded = (await readRuntimeConfig(url)) as Partial<T>;
    const merged = { ...defaults };
    for (const [key, value] of Object.entries(loaded)) {
      if (value !== null && value !== undefined && value !== '')
        (merged as Record<string, unknown>)[key] = value;
    }
    return merged;
  } catch {
    return defaults;
  }
}

/**
 * An SPA's one API client: the local-storage session, a client made once the runtime config is known (tests
 * pass a fetch stub), and the hook the session (configureAuth) uses to hear that a refresh failed.
 */
export function createBrowserApi() {
  // Tokens only: the user is a query (see configureAuth).
  const tokens: SessionTokens = createTokenStore(createLocalStorageTokenStore());
  let client: ApiClient | undefined;
  let onSessionEnded: () => void = () => undefined;
  return {
    tokens,
    initApi(options: { baseUrl: string; fetch?: (request: Request) => Promise<Response> }): ApiClient {
      client = createApiClient({
        baseUrl: options.baseUrl,
        tokens,
        fetch: options.fetch,
        onAuthFailure: () => onSessionEnded(),
      });
      return client;
    },
    api(): ApiClient {
      if (!client) throw new Error('initApi() was not called');
      return client;
    },
    setSessionEndedHandler(handler: () => void) {
      onSessionEnded = handler;
    },
  };
}
