import { aUser } from '@cityquest/openapi/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const session = (role: 'user' | 'admin' | 'super_admin') => ({
  user: aUser({ role, fullName: `Test ${role}` }),
  accessToken: 'access',
  refreshToken: 'refresh',
});

async function signIn(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email or Username/), identifier);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('admin sign-in', () => {
  it('validates the fields and shows the server message', async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    api.on('POST', '/users/login', () => fail(401, 'Invalid credentials'));
    await signIn('moderator', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('sends an explorer to Access Denied', async () => {
    api.on('POST', '/users/login', () => ok(session('user')));
    const { router } = renderApp('/login');
    await signIn('explorer@cityquest.dev', 'long-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-denied'));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ email: 'explorer@cityquest.dev', password: 'long-password' });
  });

  it('takes an admin to the dashboard with the role label and without the super admin link', async () => {
    api.on('POST', '/users/login', () => ok(session('admin')));
    renderApp('/login');
    await signIn('moderator', 'long-password');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Admin')).toBeInTheDocument();
    expect(within(banner).getByText('Test admin')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Super Dashboard/ })).toBeNull();
  });
});

describe('admin guard', () => {
  it('sends a visitor to /login', async () => {
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/users' });
  });

  it("shows 'Loading...' while the user loads, then refuses an explorer", async () => {
    window.localStorage.setItem('accessToken', 'access');
    window.localStorage.setItem('refreshToken', 'refresh');
    let release: (value: unknown) => void = () => undefined;
    api.on(
      'GET',
      '/users/current-user',
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok(aUser({ role: 'user' })));
        }) as never,
    );
    void useAuthStore.getState().restore();
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release(undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-denied'));
  });

  it('refuses the super admin dashboard to an admin and opens it for a super admin', async () => {
    api.on('POST', '/users/login', () => ok(session('admin')));
    await useAuthStore.getState().login('moderator', 'long-password');
    const first = renderApp('/admin/super-dashboard');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/access-denied'));
    first.unmount();

    api.on('POST', '/users/login', () => ok(session('super_admin')));
    await useAuthStore.getState().login('superadmin', 'long-password');
    renderApp('/admin/super-dashboard');
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByText('Super Admin').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /Super Dashboard/ }).length).toBeGreaterThan(0);
  });

  it('logs out through the confirmation and returns to /login', async () => {
    api.on('POST', '/users/login', () => ok(session('admin')));
    api.on('POST', '/users/logout', () => ok({ _id: 'x' }));
    await useAuthStore.getState().login('moderator', 'long-password');
    const { router } = renderApp('/admin/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});
