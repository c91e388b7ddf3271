import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

describe('Forgot Password', () => {
  it('sends the code, says so and goes to the reset page with the email after 2 s', async () => {
    api.on('POST', '/users/request-password-reset', () => ok({ email: 'asha@example.com' }));
    const user = userEvent.setup();
    const { router } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByText('Reset code sent to your email.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'), { timeout: 3000 });
    expect(router.state.location.search).toEqual({ email: 'asha@example.com' });
  });

  it('shows the documented fallback in red when the call fails without a message', async () => {
    api.on('POST', '/users/request-password-reset', () => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send password reset code');
  });
});

describe('Reset Password', () => {
  it('prefills the email, takes the 8-character code as typed and resets, then goes to /login after 2 s', async () => {
    api.on('POST', '/users/reset-password', () => ok({ email: 'asha@example.com' }));
    const user = userEvent.setup();
    const { router } = renderApp('/reset-password?email=asha%40example.com');
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('asha@example.com');
    const code = screen.getByLabelText(/^Reset Code/);
    expect(code).toHaveAccessibleDescription('The 8-character code from the email (letters and digits)');
    await user.type(code, ' k7q9-x2mb ');
    await user.type(screen.getByLabelText(/^New Password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful! Redirecting to login...')).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({
      email: 'asha@example.com',
      resetCode: 'k7q9-x2mb',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });
});

describe('Change Password', () => {
  beforeEach(async () => {
    api.on('POST', '/users/login', () => ok(session(aUser())));
    await signIn();
  });

  async function fill(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current Password/), current);
    await user.type(screen.getByLabelText(/^New Password/), next);
    await user.type(screen.getByLabelText(/^Confirm New Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('needs a new password of at least 8 characters', async () => {
    renderApp('/change-password');
    await fill('old-password', 'short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
  });

  it('shows the server message in red', async () => {
    api.on('POST', '/users/change-password', () => fail(400, 'Current password is incorrect'));
    renderApp('/change-password');
    await fill('old-password', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });

  it('shows the success screen and goes back to /settings after 2 s', async () => {
    api.on('POST', '/users/change-password', () => ok(aUser()));
    api.on('GET', '/users/settings', () => ok(aUser().settings));
    const { router } = renderApp('/change-password');
    await fill('old-password', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'), { timeout: 3000 });
  });
});
