import { aUser } from '@cityquest/openapi/testing/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const sessionOf = (role: 'user' | 'admin' | 'super_admin') => ({
  user: aUser({ role, fullName: `Test ${role}` }),
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
});

async function signIn(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email or Username/), identifier);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('admin sign-in', () => {
  it('shows the console heading and labelled fields', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'CityQuest Admin' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email or Username/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('main')).toBeInTheDocument();
    // The contract's limits: an email of at most 254 characters, a password of at most 128.
    expect(screen.getByRole('textbox', { name: /Email or Username/ })).toHaveAttribute('maxlength', '254');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('maxlength', '128');
  });

  it('asks for both fields before calling the server', async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's message when sign-in is refused", async () => {
    api.on('POST', '/users/login', () => fail(401, 'Invalid email/username or password'));
    const { router } = renderApp('/login');
    await signIn('moderator', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email/username or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("puts the server's field errors on their fields", async () => {
    api.on('POST', '/users/login', () =>
      fail(400, 'Validation failed', [
        { field: 'username', message: 'Username must be at most 30 characters' },
        { field: 'password', message: 'Password must be at most 128 characters' },
      ]),
    );
    renderApp('/login');
    await signIn('moderator', 'long-password');
    const identifier = screen.getByRole('textbox', { name: /Email or Username/ });
    await waitFor(() => expect(identifier).toHaveAttribute('aria-invalid', 'true'));
    expect(identifier).toHaveAccessibleDescription('Username must be at most 30 characters');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at most 128 characters',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Login failed' when the server gives no message", async () => {
    api.on('POST', '/users/login', () => ({ status: 502, body: {} }));
    renderApp('/login');
    await signIn('moderator', 'long-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('sends an explorer who signs in to Access Denied', async () => {
    api.on('POST', '/users/login', () => ok(sessionOf('user')));
    const { router } = renderApp('/login');
    await signIn('explorer@cityquest.dev', 'long-password');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(api.calls[0]?.body).toEqual({ email: 'explorer@cityquest.dev', password: 'long-password' });
  });

  it('takes an admin to the dashboard', async () => {
    api.on('POST', '/users/login', () => ok(sessionOf('admin')));
    const { router } = renderApp('/login');
    await signIn('moderator', 'long-password');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(api.calls[0]?.body).toEqual({ username: 'moderator', password: 'long-password' });
  });

  it('returns an admin to the screen that sent them to sign in', async () => {
    api.on('POST', '/users/login', () => ok(sessionOf('admin')));
    const { router } = renderApp('/admin/proofs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn('moderator', 'long-password');
    expect(await screen.findByRole('heading', { name: 'Task Proof Verification' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/proofs');
  });

  it('ignores a redirect that leaves the console', async () => {
    api.on('POST', '/users/login', () => ok(sessionOf('admin')));
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fadmin%2F');
    await signIn('moderator', 'long-password');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
