import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type TokenStore, type Tokens } from './client.ts';
import { ApiError, unwrap } from './errors.ts';

function memoryTokens(initial: Tokens | null): TokenStore & { current: Tokens | null } {
  const store = {
    current: initial,
    getAccessToken: () => store.current?.accessToken ?? null,
    getRefreshToken: () => store.current?.refreshToken ?? null,
    setTokens: (tokens: Tokens) => {
      store.current = tokens;
    },
    clear: () => {
      store.current = null;
    },
  };
  return store;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = { _id: 'u1', username: 'asha' };

/** A fake API: access token 'fresh' is valid, refresh token 'r1' rotates to 'r2'. */
function fakeServer(options: { refreshWorks?: boolean; delayRefreshMs?: number } = {}) {
  const calls: { path: string; auth: string | null; body: string }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = await request.text();
    calls.push({ path, auth: request.headers.get('Authorization'), body });
    if (path.endsWith('/users/refresh-token')) {
      if (options.delayRefreshMs) await new Promise((resolve) => setTimeout(resolve, options.delayRefreshMs));
      if (!options.refreshWorks)
        return json(401, { success: false, statusCode: 401, message: 'Invalid refresh token' });
      return json(200, {
        success: true,
        statusCode: 200,
        message: 'ok',
        data: { accessToken: 'fresh', refreshToken: 'r2' },
      });
    }
    if (path.endsWith('/users/login'))
      return json(401, { success: false, statusCode: 401, message: 'Invalid credentials' });
    if (request.headers.get('Authorization') !== 'Bearer fresh') {
      return json(401, { success: false, statusCode: 401, message: 'Invalid or expired access token' });
    }
    return json(200, { success: true, statusCode: 200, message: 'ok', data: user });
  });
  return { fetch, calls };
}

describe('createApiClient', () => {
  it('sends the bearer token on every request', async () => {
    const server = fakeServer();
    const client = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens({ accessToken: 'fresh', refreshToken: 'r1' }),
      fetch: server.fetch,
    });
    const { data } = await client.GET('/users/current-user');
    expect(data?.data).toEqual(user);
    expect(server.calls[0]?.auth).toBe('Bearer fresh');
  });

  it('refreshes once on 401, stores the rotated tokens and retries the request with its body', async () => {
    const server = fakeServer({ refreshWorks: true });
    const tokens = memoryTokens({ accessToken: 'stale', refreshToken: 'r1' });
    const client = createApiClient({ baseUrl: 'http://api/api/v1', tokens, fetch: server.fetch });
    const result = await client.POST('/users/change-password', {
      body: {
        currentPassword: 'old-password',
        newPassword: 'new-password',
        confirmNewPassword: 'new-password',
      },
    });
    expect(result.response.status).toBe(200);
    expect(tokens.current).toEqual({ accessToken: 'fresh', refreshToken: 'r2' });
    const paths = server.calls.map((call) => call.path);
    expect(paths).toEqual([
      '/api/v1/users/change-password',
      '/api/v1/users/refresh-token',
      '/api/v1/users/change-password',
    ]);
    expect(server.calls[1]?.body).toBe(JSON.stringify({ refreshToken: 'r1' }));
    expect(JSON.parse(server.calls[2]?.body ?? '{}').newPassword).toBe('new-password');
    expect(server.calls[2]?.auth).toBe('Bearer fresh');
  });

  it('makes concurrent 401s wait for one shared refresh', async () => {
    const server = fakeServer({ refreshWorks: true, delayRefreshMs: 20 });
    const client = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens({ accessToken: 'stale', refreshToken: 'r1' }),
      fetch: server.fetch,
    });
    const results = await Promise.all([
      client.GET('/users/current-user'),
      client.GET('/users/current-user'),
      client.GET('/users/current-user'),
    ]);
    expect(results.map((result) => result.response.status)).toEqual([200, 200, 200]);
    expect(server.calls.filter((call) => call.path.endsWith('/refresh-token'))).toHaveLength(1);
  });

  it('clears the session and reports once when the refresh fails', async () => {
    const server = fakeServer({ refreshWorks: false });
    const tokens = memoryTokens({ accessToken: 'stale', refreshToken: 'r1' });
    const onAuthFailure = vi.fn();
    const client = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens,
      fetch: server.fetch,
      onAuthFailure,
    });
    const results = await Promise.all([client.GET('/users/current-user'), client.GET('/users/current-user')]);
    expect(results.map((result) => result.response.status)).toEqual([401, 401]);
    expect(tokens.current).toBeNull();
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('retries exactly once', async () => {
    // The refresh "works" but the server still refuses the new token.
    const calls: string[] = [];
    const fetch = vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push(path);
      if (path.endsWith('/refresh-token')) {
        return json(200, {
          success: true,
          statusCode: 200,
          message: 'ok',
          data: { accessToken: 'x', refreshToken: 'y' },
        });
      }
      return json(401, { success: false, statusCode: 401, message: 'no' });
    });
    const onAuthFailure = vi.fn();
    const client = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens({ accessToken: 'a', refreshToken: 'b' }),
      fetch,
      onAuthFailure,
    });
    const result = await client.GET('/users/current-user');
    expect(result.response.status).toBe(401);
    expect(calls).toEqual([
      '/api/v1/users/current-user',
      '/api/v1/users/refresh-token',
      '/api/v1/users/current-user',
    ]);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a failed sign-in or without a refresh token', async () => {
    const server = fakeServer({ refreshWorks: true });
    const onAuthFailure = vi.fn();
    const client = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens({ accessToken: 'stale', refreshToken: 'r1' }),
      fetch: server.fetch,
      onAuthFailure,
    });
    const login = await client.POST('/users/login', {
      body: { username: 'asha', password: 'wrong-password' },
    });
    expect(login.response.status).toBe(401);
    const visitor = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens(null),
      fetch: server.fetch,
      onAuthFailure,
    });
    const me = await visitor.GET('/users/current-user');
    expect(me.response.status).toBe(401);
    expect(server.calls.some((call) => call.path.endsWith('/refresh-token'))).toBe(false);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('unwrap', () => {
  it('answers data, or throws the server message, else the fallback', async () => {
    const server = fakeServer();
    const client = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens({ accessToken: 'fresh', refreshToken: 'r1' }),
      fetch: server.fetch,
    });
    await expect(unwrap(client.GET('/users/current-user'), 'Failed to get current user')).resolves.toEqual(
      user,
    );
    const failing = unwrap(
      client.POST('/users/login', { body: { username: 'a', password: 'b' } }),
      'Login failed',
    );
    await expect(failing).rejects.toEqual(new ApiError('Invalid credentials', 401));
    const offline = createApiClient({
      baseUrl: 'http://api/api/v1',
      tokens: memoryTokens(null),
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(unwrap(offline.GET('/health'), 'Failed to fetch quests')).rejects.toMatchObject({
      message: 'Failed to fetch quests',
      status: 0,
    });
  });
});
