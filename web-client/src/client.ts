import type { paths } from '@cityquest/contract';
import createClient, { type Client, type Middleware } from 'openapi-fetch';

export type Tokens = { accessToken: string; refreshToken: string };

/** Where a client keeps its session; the SPAs back it with local storage (keys accessToken and refreshToken). */
export type TokenStore = {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: Tokens): void;
  clear(): void;
};

export type ApiClientOptions = {
  baseUrl: string;
  tokens: TokenStore;
  /** Called once the session is gone: refresh failed or was impossible after a 401. */
  onAuthFailure?: () => void;
  /** openapi-fetch always calls it with a Request. */
  fetch?: (request: Request) => Promise<Response>;
};

export type ApiClient = Client<paths> & { refreshSession(): Promise<boolean> };

const REFRESH_PATH = '/users/refresh-token';
// Auth calls answer 401 for bad credentials; refreshing and retrying them would be wrong.
const NO_REFRESH_PATHS = [
  '/users/login',
  '/users/login/two-factor',
  '/users/register',
  REFRESH_PATH,
  '/users/logout',
];

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, tokens, onAuthFailure } = options;
  const doFetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const client = createClient<paths>({ baseUrl, fetch: doFetch });
  const retryCopies = new WeakMap<Request, Request>();
  let refreshing: Promise<boolean> | null = null;

  async function refreshOnce(): Promise<boolean> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await doFetch(
        new Request(joinUrl(baseUrl, REFRESH_PATH), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        }),
      );
      if (!response.ok) return false;
      const body = (await response.json()) as { data?: Partial<Tokens> };
      if (!body.data?.accessToken || !body.data.refreshToken) return false;
      tokens.setTokens({ accessToken: body.data.accessToken, refreshToken: body.data.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  /** One refresh at a time: concurrent 401s wait for the same one. */
  function refreshSession(): Promise<boolean> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  const auth: Middleware = {
    onRequest({ request, schemaPath }) {
      const accessToken = tokens.getAccessToken();
      if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
      // The body is consumed on send, so keep a copy to replay after a refresh.
      if (!NO_REFRESH_PATHS.includes(schemaPath)) retryCopies.set(request, request.clone());
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status !== 401) return response;
      const copy = retryCopies.get(request);
      if (!copy) return response;
      retryCopies.delete(request);
      const hadSession = tokens.getRefreshToken() !== null;
      if (hadSession && (await refreshSession())) {
        const accessToken = tokens.getAccessToken();
        if (accessToken) copy.headers.set('Authorization', `Bearer ${accessToken}`);
        const retried = await doFetch(copy);
        if (retried.status !== 401) return retried;
      }
      // Concurrent failures share one refresh; only the first to see the session still set ends it.
      if (hadSession && tokens.getRefreshToken() !== null) {
        tokens.clear();
        onAuthFailure?.();
      }
      return response;
    },
  };
  client.use(auth);
  return Object.assign(client, { refreshSession });
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
