import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../test-support/render-app.tsx';
import { api as client } from './api.ts';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

/** Tokens stored by an earlier visit, and a current-user call that answers only when released. */
function restoreWithPendingUser() {
  window.localStorage.setItem('accessToken', 'access-0');
  window.localStorage.setItem('refreshToken', 'refresh-0');
  let release: (role: 'user' | 'admin') => void = () => undefined;
  api.on(
    'GET',
    '/users/current-user',
    () =>
      new Promise((resolve) => {
        release = (role) => resolve(ok(aUser({ role, fullName: `Restored ${role}` })));
      }),
  );
  return (role: 'user' | 'admin') => release(role);
}

describe('admin guard', () => {
  it('sends a visitor to /login and keeps the way back', async () => {
    const { router } = renderApp('/admin/users');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/admin/users' });
  });

  it('sends a signed-in explorer to /access-denied', async () => {
    signInAs('user');
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('sends an admin away from the super admin dashboard', async () => {
    signInAs('admin');
    const { router } = renderApp('/admin/super-dashboard');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('opens the super admin dashboard to a super admin', async () => {
    signInAs('super_admin');
    renderApp('/admin/super-dashboard');
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System status' })).toBeInTheDocument();
  });

  it.each([
    ['/admin/quests', 'Quest Moderation'],
    ['/admin/users', 'User Management'],
    ['/admin/proofs', 'Task Proof Verification'],
    ['/admin/action-logs', 'Admin Action Logs'],
  ])('opens %s to an admin', async (path, title) => {
    signInAs('admin');
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("shows 'Loading...' while the user loads, then the dashboard for an admin", async () => {
    const release = restoreWithPendingUser();
    renderApp('/admin/dashboard');
    // The root waits for the user before any guard decides: one decision, no screen shown meanwhile.
    expect(await screen.findByText('Loading...', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
    release('admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("shows 'Loading...' while the user loads, then refuses an explorer", async () => {
    const release = restoreWithPendingUser();
    const { router } = renderApp('/admin/super-dashboard');
    expect(await screen.findByText('Loading...', {}, { timeout: 3000 })).toBeInTheDocument();
    release('user');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('sends the admin to /login when the session ends and cannot be refreshed', async () => {
    api.on('GET', '/admin/dashboard', () => fail(401, 'Token expired'));
    api.on('POST', '/users/refresh-token', () => fail(401, 'Invalid refresh token'));
    signInAs('admin');
    const { router } = renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    await client().GET('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/admin/users' });
  });

  it('sends / to the dashboard', async () => {
    signInAs('admin');
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('shows Page Not Found for an unknown path, with a way back to the dashboard', async () => {
    signInAs('admin');
    const { router } = renderApp('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    screen.getByRole('link', { name: 'Back to the dashboard' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});
