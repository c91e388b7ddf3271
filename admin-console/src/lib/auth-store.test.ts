import { aUser } from '@cityquest/contract/testing/users';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, setupApi } from '../test-support/render-app.tsx';
import { api } from './api.ts';
import { useAuthStore } from './auth-store.ts';

let server: ReturnType<typeof setupApi>;
beforeEach(() => {
  server = setupApi();
});

const admin = aUser({ role: 'admin', username: 'moderator', email: 'moderator@cityquest.dev' });
const session = { user: admin, accessToken: 'access-1', refreshToken: 'refresh-1' };

function storeTokens() {
  window.localStorage.setItem('accessToken', 'access-0');
  window.localStorage.setItem('refreshToken', 'refresh-0');
}

describe('login', () => {
  it('sends an identifier containing @ as email and keeps the session', async () => {
    server.on('POST', '/users/login', () => ok(session));
    const user = await useAuthStore.getState().login('moderator@cityquest.dev', 'long-password');
    expect(user?.role).toBe('admin');
    expect(server.calls[0]?.body).toEqual({ email: 'moderator@cityquest.dev', password: 'long-password' });
    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.userData?.username).toBe('moderator');
    expect(state.loading).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBe('access-1');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('sends any other identifier as username', async () => {
    server.on('POST', '/users/login', () => ok(session));
    await useAuthStore.getState().login('  moderator ', 'long-password');
    expect(server.calls[0]?.body).toEqual({ username: 'moderator', password: 'long-password' });
  });

  it("stores the server's message when sign-in fails", async () => {
    server.on('POST', '/users/login', () => fail(401, 'Invalid email/username or password'));
    await expect(useAuthStore.getState().login('moderator', 'wrong')).rejects.toThrow(
      'Invalid email/username or password',
    );
    const state = useAuthStore.getState();
    expect(state.error).toBe('Invalid email/username or password');
    expect(state.isAuthenticated).toBe(false);
    expect(state.loading).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it("falls back to 'Login failed' when the answer has no message", async () => {
    server.on('POST', '/users/login', () => ({ status: 500, body: {} }));
    await expect(useAuthStore.getState().login('moderator', 'long-password')).rejects.toThrow();
    expect(useAuthStore.getState().error).toBe('Login failed');
  });
});

describe('two-factor sign-in', () => {
  const challenge = {
    twoFactorRequired: true,
    challenge: 'challenge-1',
    expiresAt: '2026-11-20T10:05:00.000Z',
  } as const;

  it('answers no user and keeps no session until the code, then signs in with it', async () => {
    server.on('POST', '/users/login', () => ok(challenge));
    server.on('POST', '/users/login/two-factor', () => ok(session));
    expect(await useAuthStore.getState().login('moderator', 'long-password')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, twoFactorChallenge: challenge });
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    const user = await useAuthStore.getState().completeTwoFactor(' 123456 ');
    expect(user.username).toBe('moderator');
    expect(server.calls[1]?.body).toEqual({ challenge: 'challenge-1', code: '123456' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, twoFactorChallenge: null });
    expect(window.localStorage.getItem('accessToken')).toBe('access-1');
  });

  it('keeps the challenge after a wrong code and drops it when it expired', async () => {
    server.on('POST', '/users/login', () => ok(challenge));
    await useAuthStore.getState().login('moderator', 'long-password');

    server.on('POST', '/users/login/two-factor', () =>
      fail(400, 'Invalid or already used code', [{ field: 'code', message: 'Invalid or already used code' }]),
    );
    await expect(useAuthStore.getState().completeTwoFactor('000000')).rejects.toThrow(
      'Invalid or already used',
    );
    expect(useAuthStore.getState().twoFactorChallenge).toEqual(challenge);

    server.on('POST', '/users/login/two-factor', () =>
      fail(401, 'This sign-in has expired. Please sign in again.'),
    );
    await expect(useAuthStore.getState().completeTwoFactor('123456')).rejects.toThrow('has expired');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, twoFactorChallenge: null });
  });
});

describe('logout', () => {
  it('tells the server and clears the session', async () => {
    server.on('POST', '/users/login', () => ok(session));
    server.on('POST', '/users/logout', () => ok({ _id: admin._id }));
    await useAuthStore.getState().login('moderator', 'long-password');
    await useAuthStore.getState().logout();
    expect(server.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/users/logout',
      auth: 'Bearer access-1',
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, userData: null, role: null });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('clears the session even when the call fails', async () => {
    server.on('POST', '/users/login', () => ok(session));
    server.on('POST', '/users/logout', () => fail(500, 'Internal server error'));
    await useAuthStore.getState().login('moderator', 'long-password');
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(useAuthStore.getState().userData).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });
});

describe('restore at startup', () => {
  it('is signed in when both tokens are stored, then loads the current user', async () => {
    storeTokens();
    server.on('GET', '/users/current-user', () => ok(admin));
    const restoring = useAuthStore.getState().restore();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, userData: null, loading: true });
    await restoring;
    expect(server.calls[0]).toMatchObject({ path: '/users/current-user', auth: 'Bearer access-0' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, role: 'admin', loading: false });
    expect(useAuthStore.getState().userData?.username).toBe('moderator');
  });

  it('stays signed out without both tokens and makes no call', async () => {
    window.localStorage.setItem('accessToken', 'access-0');
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('clears the session when the current user cannot be loaded', async () => {
    storeTokens();
    server.on('GET', '/users/current-user', () => ({ status: 500, body: {} }));
    await useAuthStore.getState().restore();
    const state = useAuthStore.getState();
    expect(state).toMatchObject({ isAuthenticated: false, userData: null, loading: false });
    expect(state.error).toBe('Failed to get current user');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('clears the session of a suspended account with the server message', async () => {
    storeTokens();
    server.on('GET', '/users/current-user', () => fail(403, 'Your account is suspended: spam'));
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(useAuthStore.getState().error).toBe('Your account is suspended: spam');
  });
});

describe('session end reported by the API client', () => {
  it('clears the store when a 401 cannot be refreshed', async () => {
    server.on('POST', '/users/login', () => ok(session));
    server.on('GET', '/admin/dashboard', () => fail(401, 'Token expired'));
    server.on('POST', '/users/refresh-token', () => fail(401, 'Invalid refresh token'));
    await useAuthStore.getState().login('moderator', 'long-password');
    await api().GET('/admin/dashboard');
    expect(server.calls.map((call) => call.path)).toContain('/users/refresh-token');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('keeps the session when the refresh succeeds and replays the call', async () => {
    let attempts = 0;
    server.on('POST', '/users/login', () => ok(session));
    server.on('GET', '/users/current-user', () =>
      ++attempts === 1 ? fail(401, 'Token expired') : ok(admin),
    );
    server.on('POST', '/users/refresh-token', () =>
      ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    await useAuthStore.getState().login('moderator', 'long-password');
    const user = await useAuthStore.getState().fetchCurrentUser();
    expect(user?.username).toBe('moderator');
    expect(server.calls.at(-1)).toMatchObject({ path: '/users/current-user', auth: 'Bearer access-2' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-2');
  });
});

describe('refreshing the signed-in user', () => {
  it('keeps the session when the server or the network fails, and ends it when the account may not go on', async () => {
    server.on('POST', '/users/login', () => ok(session));
    await useAuthStore.getState().login('moderator', 'long-password');

    server.on('GET', '/users/current-user', () => fail(503, 'Service unavailable'));
    expect((await useAuthStore.getState().fetchCurrentUser())?.username).toBe('moderator');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);

    server.on('GET', '/users/current-user', () => fail(403, 'Your account has been suspended'));
    expect(await useAuthStore.getState().fetchCurrentUser()).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
