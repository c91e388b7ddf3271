import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aQuest } from '../../test-support/quest-fixtures.ts';
import { fail, isSignedIn, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const emptyDashboard = {
  ongoingQuests: [],
  completedQuests: [],
  userCreatedQuests: [],
  recommendedQuests: [],
  stats: { totalCompleted: 0, totalOngoing: 0, totalCreated: 0, ongoingLimit: 3 },
};

/** The `redirect` of each Sign Up link on the page (the header's and the form's). */
const redirectsOfSignUpLinks = () =>
  screen
    .getAllByRole('link', { name: 'Sign Up' })
    .map((link) => new URL(link.getAttribute('href') ?? '', 'http://app.test').searchParams.get('redirect'));

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
    api.on('GET', '/quests/my-dashboard', () => ok(emptyDashboard));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, asha!' })).toBeInTheDocument();
    expect(screen.getAllByText('Lv. 2').length).toBeGreaterThan(0);
  });

  it('returns to the page in ?redirect after sign-in, and passes it on to sign-up', async () => {
    const quest = aQuest();
    const questPath = `/quest-overview/${quest._id}`;
    api.on('POST', '/users/login', () => ok(session(aUser())));
    api.on('GET', '/quests/{id}', () => ok(quest));
    const { router } = renderApp(`/login?redirect=${encodeURIComponent(questPath)}`);
    await screen.findByRole('button', { name: 'Sign In' });
    expect(redirectsOfSignUpLinks()).toContain(questPath);
    await fillLogin('asha', 'right-password');
    await waitFor(() => expect(router.state.location.pathname).toBe(questPath));
    expect(await screen.findByRole('heading', { level: 1, name: quest.title })).toBeInTheDocument();
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'explore'])(
    'ignores the redirect %s and signs in to the home page',
    async (hostile) => {
      api.on('POST', '/users/login', () => ok(session(aUser())));
      api.on('GET', '/quests/my-dashboard', () => ok(emptyDashboard));
      const { router } = renderApp(`/login?redirect=${encodeURIComponent(hostile)}`);
      await screen.findByRole('button', { name: 'Sign In' });
      expect(redirectsOfSignUpLinks().filter(Boolean)).toEqual([]);
      await fillLogin('asha', 'right-password');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.location.href).toBe('/');
    },
  );

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

describe('Login with two-factor sign-in', () => {
  const challenge = {
    twoFactorRequired: true,
    challenge: 'signed-challenge-1',
    expiresAt: '2026-11-25T10:05:00.000Z',
  };
  const codeField = () => screen.getByLabelText(/^Authentication code/);

  async function reachCodeStep(path = '/login') {
    api.on('POST', '/users/login', () => ok(challenge));
    const view = renderApp(path);
    await fillLogin('asha', 'right-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Sign-In' })).toBeInTheDocument();
    return view;
  }

  async function sendCode(code: string) {
    const user = userEvent.setup();
    await user.clear(codeField());
    await user.type(codeField(), code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('asks for a code after the password, then signs in to the page in ?redirect', async () => {
    const quest = aQuest();
    const questPath = `/quest-overview/${quest._id}`;
    api.on('POST', '/users/login/two-factor', () => ok(session(aUser())));
    api.on('GET', '/quests/{id}', () => ok(quest));
    const { router } = await reachCodeStep(`/login?redirect=${encodeURIComponent(questPath)}`);
    expect(codeField()).toHaveFocus();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(isSignedIn()).toBe(false);
    await sendCode(' 123456 ');
    await waitFor(() => expect(router.state.location.pathname).toBe(questPath));
    expect(api.calls.find((call) => call.path === '/users/login/two-factor')?.body).toEqual({
      challenge: 'signed-challenge-1',
      code: '123456',
    });
    expect(isSignedIn()).toBe(true);
  });

  it('shows why a code was refused on the code field, and takes the next one', async () => {
    api.on('POST', '/users/login/two-factor', () =>
      fail(400, 'Invalid or already used code', [{ field: 'code', message: 'Invalid or already used code' }]),
    );
    const { router } = await reachCodeStep();
    await sendCode('000000');
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(
        expect.stringContaining('Invalid or already used code'),
      ),
    );
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();

    api.on('POST', '/users/login/two-factor', () => ok(session(aUser())));
    api.on('GET', '/quests/my-dashboard', () => ok(emptyDashboard));
    await sendCode('abcde-fghjk');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back to the password with the message when the sign-in has expired', async () => {
    api.on('POST', '/users/login/two-factor', () =>
      fail(401, 'This sign-in has expired. Please sign in again.'),
    );
    await reachCodeStep();
    await sendCode('123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired. Please sign in again.');
    // Not the wrong-password dialog: the password was right.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/Email or Username/)).toHaveValue('asha');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });

  it('says when too many codes were tried, and leads back to the password on request', async () => {
    api.on('POST', '/users/login/two-factor', () =>
      fail(429, 'Too many wrong codes. Try again in 24 hours.'),
    );
    await reachCodeStep();
    await sendCode('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Try again in 24 hours.',
    );
    expect(codeField()).not.toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Back to password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(api.calls.filter((call) => call.path === '/users/login/two-factor')).toHaveLength(1);
  });
});
