import { aUser } from '@cityquest/contract/testing/users';
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

describe('two-factor sign-in', () => {
  const challenge = {
    twoFactorRequired: true,
    challenge: 'challenge-1',
    expiresAt: '2026-11-20T10:05:00.000Z',
  } as const;
  const codeField = () => screen.getByRole('textbox', { name: /Authentication code/ });

  async function reachCodeStep() {
    api.on('POST', '/users/login', () => ok(challenge));
    const rendered = renderApp('/login');
    await signIn('moderator', 'long-password');
    await screen.findByRole('heading', { level: 2, name: 'Two-factor sign-in' });
    return rendered;
  }

  async function sendCode(code: string) {
    const user = userEvent.setup();
    await user.clear(codeField());
    await user.type(codeField(), code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('asks for a code in the same card, then takes the admin to the dashboard', async () => {
    api.on('POST', '/users/login/two-factor', () => ok(sessionOf('admin')));
    const { router } = await reachCodeStep();
    expect(screen.getByRole('region', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await waitFor(() => expect(codeField()).toHaveFocus());
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    // The contract's limit: a recovery code is longer than the app's 6 digits.
    expect(codeField()).toHaveAttribute('maxlength', '32');
    expect(codeField()).toHaveAccessibleDescription(
      'The 6-digit code from your authenticator app, or one of your recovery codes.',
    );

    await sendCode('123456');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(api.calls.find((call) => call.path === '/users/login/two-factor')?.body).toEqual({
      challenge: 'challenge-1',
      code: '123456',
    });
  });

  it('asks for the code before calling the server', async () => {
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(codeField()).toHaveAccessibleDescription(/Enter the code from your authenticator app/);
    expect(api.calls.filter((call) => call.path === '/users/login/two-factor')).toEqual([]);
  });

  it('puts a wrong code on the field and takes another one', async () => {
    let tries = 0;
    api.on('POST', '/users/login/two-factor', () =>
      ++tries === 1
        ? fail(400, 'Invalid or already used code', [
            { field: 'code', message: 'Invalid or already used code' },
          ])
        : ok(sessionOf('admin')),
    );
    const { router } = await reachCodeStep();
    await sendCode('000000');
    await waitFor(() => expect(codeField()).toHaveAttribute('aria-invalid', 'true'));
    expect(codeField()).toHaveAccessibleDescription(/Invalid or already used code/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    await sendCode('123456');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('goes back to the password with the message when the sign-in expired', async () => {
    api.on('POST', '/users/login/two-factor', () =>
      fail(401, 'This sign-in has expired. Please sign in again.'),
    );
    const { router } = await reachCodeStep();
    await sendCode('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired. Please sign in again.',
    );
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the limit when too many wrong codes were sent', async () => {
    api.on('POST', '/users/login/two-factor', () =>
      fail(429, 'Too many wrong codes for this account. Please try again in 24 hours.'),
    );
    await reachCodeStep();
    await sendCode('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes for this account.');
    expect(codeField()).toBeInTheDocument();
  });

  it('goes back to the password on request', async () => {
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back to password' }));
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /Email or Username/ })).toHaveValue('moderator');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends an explorer who completes the code to Access Denied', async () => {
    api.on('POST', '/users/login/two-factor', () => ok(sessionOf('user')));
    const { router } = await reachCodeStep();
    await sendCode('123456');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });
});
