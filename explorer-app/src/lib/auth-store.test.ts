import { aUser, session } from '@cityquest/contract/testing/users';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, setupApi } from '../test-support/render-app.tsx';
import { useAuthStore } from './auth-store.ts';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

describe('auth store', () => {
  it('sends an identifier with an at-sign as email, else as username, and keeps the session', async () => {
    api.on('POST', '/users/login', () => ok(session(aUser())));
    await useAuthStore.getState().login('asha@example.com', 'secret-password');
    await useAuthStore.getState().login('  asha ', 'secret-password');
    expect(api.calls.map((call) => call.body)).toEqual([
      { email: 'asha@example.com', password: 'secret-password' },
      { username: 'asha', password: 'secret-password' },
    ]);
    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.role).toBe('user');
    expect(window.localStorage.getItem('accessToken')).toBe('access-1');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it("stores the server message, else the explorer app's fallback", async () => {
    api.on('POST', '/users/login', () => fail(401, 'Invalid credentials'));
    await expect(useAuthStore.getState().login('asha', 'wrong-password')).rejects.toThrow(
      'Invalid credentials',
    );
    expect(useAuthStore.getState().error).toBe('Invalid credentials');
    expect(useAuthStore.getState().loading).toBe(false);
    api.on('POST', '/users/login', () => ({ status: 500, body: {} }));
    await expect(useAuthStore.getState().login('asha', 'wrong-password')).rejects.toThrow();
    expect(useAuthStore.getState().error).toBe('Login failed');
  });

  it('clears the session on logout even when the server call fails', async () => {
    api.on('POST', '/users/login', () => ok(session(aUser())));
    api.on('POST', '/users/logout', () => fail(500, 'boom'));
    await useAuthStore.getState().login('asha', 'secret-password');
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(api.calls.some((call) => call.path === '/users/logout')).toBe(true);
  });

  it('restores a stored session and loads the current user', async () => {
    window.localStorage.setItem('accessToken', 'access-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    api.on('GET', '/users/current-user', () => ok(aUser({ fullName: 'Restored User' })));
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState().userData?.fullName).toBe('Restored User');
    expect(api.calls[0]?.auth).toBe('Bearer access-1');
  });

  it('opens signed in with the user kept on the device when the server cannot be reached', async () => {
    api.on('POST', '/users/login', () => ok(session(aUser({ fullName: 'Kept User' }))));
    await useAuthStore.getState().login('asha', 'secret-password');
    // The app is opened again without a connection (docs/product-rules/offline-play.md).
    useAuthStore.setState({ userData: null, isAuthenticated: false });
    api.on('GET', '/users/current-user', () => {
      throw new TypeError('Failed to fetch');
    });
    await useAuthStore.getState().restore();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(useAuthStore.getState().userData?.fullName).toBe('Kept User');
    // Signing out forgets it, whatever the server answers.
    api.on('POST', '/users/logout', () => fail(500, 'boom'));
    await useAuthStore.getState().logout();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it('clears the stored tokens when the current user cannot be loaded', async () => {
    window.localStorage.setItem('accessToken', 'access-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    api.on('GET', '/users/current-user', () => fail(403, 'Your account has been suspended'));
    await useAuthStore.getState().restore();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('remembers the registration email for the verify screen', async () => {
    api.on('POST', '/users/register', () => ({
      status: 201,
      body: {
        success: true,
        statusCode: 201,
        message: 'ok',
        data: { email: 'new@example.com' },
      },
    }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await useAuthStore.getState().register({
      username: 'new',
      fullName: 'New',
      email: 'new@example.com',
      password: 'long-password',
      confirmPassword: 'long-password',
      avatar: file,
      coverImage: file,
    });
    expect(useAuthStore.getState().registrationEmail).toBe('new@example.com');
    expect(window.localStorage.getItem('registrationEmail')).toBe('new@example.com');
    const form = api.calls[0]?.body as FormData;
    expect(form.get('username')).toBe('new');
    expect((form.get('avatar') as Blob).type).toBe('image/png');
  });
});
