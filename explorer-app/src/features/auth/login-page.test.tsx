import { aUser, session } from '@cityquest/openapi/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

async function fillLogin(identifier: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'Sign In' });
  if (identifier) await user.type(await screen.findByLabelText(/Email or Username/), identifier);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Login', () => {
  it('validates both fields with the documents messages', async () => {
    renderApp('/login');
    await fillLogin('', '');
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await fillLogin('asha', 'short');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('opens Invalid Credentials on a wrong password', async () => {
    api.on('POST', '/users/login', () => fail(401, 'Invalid credentials'));
    const { router } = renderApp('/login');
    await fillLogin('asha', 'wrong-password');
    const dialog = await screen.findByRole('dialog', { name: 'Invalid Credentials' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot Password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('opens Email Verification Required for an unverified account', async () => {
    api.on('POST', '/users/login', () =>
      fail(403, 'Email not verified. Please verify your email before signing in.'),
    );
    const { router } = renderApp('/login');
    await fillLogin('asha@example.com', 'right-password');
    const dialog = await screen.findByRole('dialog', { name: 'Email Verification Required' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toEqual({ email: 'asha@example.com' });
  });

  it('shows other failures inline and signs a verified user in to the home page', async () => {
    api.on('POST', '/users/login', () => fail(403, 'Your account has been suspended: spam'));
    const { router } = renderApp('/login');
    await fillLogin('asha', 'right-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has been suspended: spam');
    api.on('POST', '/users/login', () => ok(session(aUser())));
    api.on('GET', '/quests/my-dashboard', () =>
      ok({
        ongoingQuests: [],
        completedQuests: [],
        userCreatedQuests: [],
        recommendedQuests: [],
        stats: { totalCompleted: 0, totalOngoing: 0, totalCreated: 0, ongoingLimit: 3 },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, asha!' })).toBeInTheDocument();
    expect(screen.getAllByText('Lv. 2').length).toBeGreaterThan(0);
  });

  it("puts the server's objection to the identifier under that field", async () => {
    api.on('POST', '/users/login', () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'username', message: 'Username must be at most 30 characters' }],
      },
    }));
    renderApp('/login');
    await fillLogin('a'.repeat(31), 'right-password');
    await waitFor(() =>
      expect(screen.getByLabelText(/Email or Username/)).toHaveAccessibleDescription(
        'Username must be at most 30 characters',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
