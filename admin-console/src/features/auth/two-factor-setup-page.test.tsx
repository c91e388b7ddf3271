import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  aTwoFactorStatus,
  currentUser,
  fail,
  isSignedIn,
  ok,
  renderApp,
  setupApi,
} from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

// As the server issues them: ten characters in two groups of five.
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `K7MQ${'23456789AB'[index]}-XR4TP`);
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/CityQuest:moderator%40cityquest.dev?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const admin = aUser({ role: 'admin', fullName: 'Test admin', username: 'moderator' });

/**
 * The server's side of an admin who must turn two-factor sign-in on: off until a first code of `rightCode`,
 * then on, in the status and in the user's security setting.
 */
function serveEnrolment({ rightCode = '123456' } = {}) {
  let enabled = false;
  const user = () => ({
    ...admin,
    settings: { ...admin.settings, security: { twoFactorAuth: enabled } },
  });
  api.on('POST', '/users/login', () =>
    ok({ user: user(), accessToken: 'access-1', refreshToken: 'refresh-1' }),
  );
  api.on('GET', '/users/current-user', () => ok(user()));
  api.on('GET', '/users/two-factor', () =>
    ok(
      aTwoFactorStatus(
        enabled
          ? { enabledAt: '2026-11-20T10:00:00.000Z' }
          : { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      ),
    ),
  );
  api.on('POST', '/users/two-factor/setup', () => ok(SETUP));
  api.on('POST', '/users/two-factor/enable', (_request, body) => {
    if ((body as { code: string }).code !== rightCode)
      return fail(400, 'Invalid or already used code', [
        { field: 'code', message: 'Invalid or already used code' },
      ]);
    enabled = true;
    return ok({ recoveryCodes: RECOVERY_CODES });
  });
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email or Username/), 'moderator');
  await user.type(screen.getByLabelText(/^Password/), 'long-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const codeField = () => screen.getByRole('textbox', { name: /Authentication code/ });

async function confirmWith(code: string) {
  const user = userEvent.setup();
  await user.clear(codeField());
  await user.type(codeField(), code);
  await user.click(screen.getByRole('button', { name: 'Turn on' }));
}

describe('two-factor enrolment of an admin the server requires it of', () => {
  it('sends the admin from sign-in to the setup, then shows 10 recovery codes once and opens the dashboard', async () => {
    serveEnrolment();
    const { router } = renderApp('/login');
    await signIn();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn on two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/two-factor-setup');
    expect(screen.getByText(/Admin accounts on this server need two-factor sign-in/)).toBeInTheDocument();
    // Outside the admin frame: its navigation would only lead to refusals.
    expect(screen.queryByRole('navigation')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const step = await screen.findByRole('region', { name: 'Add CityQuest to your authenticator app' });
    await waitFor(() =>
      expect(
        within(step).getByRole('heading', { name: 'Add CityQuest to your authenticator app' }),
      ).toHaveFocus(),
    );
    expect(within(step).getByRole('img', { name: /QR code/ })).toHaveAttribute('src', SETUP.qrCode);
    expect(within(step).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('maxlength', '32');

    await confirmWith('123456');
    const codes = await screen.findByRole('region', { name: 'Save your recovery codes' });
    const list = within(codes).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('K7MQB-XR4TP')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/users/two-factor/enable')?.body).toEqual({
      code: '123456',
    });
    // A fresh sign-in needs no password for the setup.
    expect(api.calls.find((call) => call.path === '/users/two-factor/setup')?.body).toEqual({});

    await userEvent.click(within(codes).getByRole('button', { name: /continue/ }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    // The user is read again: the dashboard says it is on.
    expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
    expect(currentUser()?.settings.security.twoFactorAuth).toBe(true);
  });

  it('puts a wrong first code on the field and keeps the same secret for the next', async () => {
    serveEnrolment();
    renderApp('/login');
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await screen.findByRole('region', { name: 'Add CityQuest to your authenticator app' });

    await confirmWith('000000');
    await waitFor(() => expect(codeField()).toHaveAttribute('aria-invalid', 'true'));
    expect(codeField()).toHaveAccessibleDescription(/Invalid or already used code/);
    expect(screen.queryByRole('region', { name: 'Save your recovery codes' })).toBeNull();

    await confirmWith('123456');
    expect(await screen.findByRole('region', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/users/two-factor/setup')).toHaveLength(1);
  });

  it('asks for the current password when the sign-in is older than 5 minutes, and shows the refusal under it', async () => {
    serveEnrolment();
    const message = 'Enter your current password: you signed in more than 5 minutes ago.';
    api.on('POST', '/users/two-factor/setup', (_request, body) =>
      (body as { password?: string } | undefined)?.password === 'long-password'
        ? ok(SETUP)
        : fail(400, message, [{ field: 'password', message }]),
    );
    renderApp('/login');
    await signIn();
    expect(
      await screen.findByText('Other devices will be signed out once two-factor sign-in is on.'),
    ).toBeInTheDocument();
    const password = screen.getByLabelText(/^Current password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription('Needed when you signed in more than 5 minutes ago');

    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(password, 'long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(
      await screen.findByRole('region', { name: 'Add CityQuest to your authenticator app' }),
    ).toBeInTheDocument();
    expect(
      api.calls.filter((call) => call.path === '/users/two-factor/setup').map((call) => call.body),
    ).toEqual([{}, { password: 'long-password' }]);
  });

  it('shows why setup could not start', async () => {
    serveEnrolment();
    api.on('POST', '/users/two-factor/setup', () => fail(429, 'Too many requests. Please try again later.'));
    renderApp('/login');
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });

  it('checks a restored session too, and returns the admin to the screen they opened', async () => {
    serveEnrolment();
    window.localStorage.setItem('accessToken', 'access-0');
    window.localStorage.setItem('refreshToken', 'refresh-0');
    const { router } = renderApp('/admin/users');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn on two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/admin/users' });
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await screen.findByRole('region', { name: 'Add CityQuest to your authenticator app' });
    await confirmWith('123456');
    await userEvent.click(await screen.findByRole('button', { name: /continue/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('lets the admin log out instead', async () => {
    serveEnrolment();
    api.on('POST', '/users/logout', () => ok({ _id: admin._id }));
    const { router } = renderApp('/login');
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(isSignedIn()).toBe(false);
  });
});

describe('admins with nothing to enrol', () => {
  it.each([
    ['has two-factor sign-in on', aTwoFactorStatus()],
    [
      'is not required to use it',
      aTwoFactorStatus({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 }),
    ],
  ])('an admin who %s goes straight to the dashboard', async (_case, status) => {
    api.on('POST', '/users/login', () =>
      ok({ user: admin, accessToken: 'access-1', refreshToken: 'refresh-1' }),
    );
    api.on('GET', '/users/two-factor', () => ok(status));
    const { router } = renderApp('/login');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.queryByRole('heading', { name: 'Turn on two-factor sign-in' })).toBeNull();
  });

  it('sends an admin who opens the setup with it on to the dashboard', async () => {
    api.on('GET', '/users/current-user', () => ok(admin));
    window.localStorage.setItem('accessToken', 'access-0');
    window.localStorage.setItem('refreshToken', 'refresh-0');
    const { router } = renderApp('/two-factor-setup');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
