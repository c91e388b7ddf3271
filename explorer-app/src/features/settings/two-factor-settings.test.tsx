import type { Schema } from '@cityquest/contract';
import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import {
  currentUser,
  fail,
  ok,
  renderApp,
  setupApi,
  signIn,
  signInAs,
} from '../../test-support/render-app.tsx';

type Status = Schema<'TwoFactorStatus'>;

const OFF: Status = { enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: Status = {
  enabled: true,
  required: false,
  enabledAt: '2026-11-20T09:00:00.000Z',
  recoveryCodesLeft: 10,
};
const SETUP: Schema<'TwoFactorSetup'> = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl:
    'otpauth://totp/CityQuest:asha%40example.com?issuer=CityQuest&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
};
const recoveryCodes = (batch: string) =>
  Array.from({ length: 10 }, (_, index) => `${batch}${index}AAA-BBBBB`.slice(0, 11));
const wrongCode = fail(400, 'Invalid or already used code', [
  { field: 'code', message: 'Invalid or already used code' },
]);
const STEP_UP_MESSAGE = 'Enter your current password: you signed in more than 5 minutes ago.';
/** The server's answer to a change without the password when the sign-in is older than 5 minutes. */
const passwordNeeded = fail(400, STEP_UP_MESSAGE, [{ field: 'password', message: STEP_UP_MESSAGE }]);
const wrongPassword = fail(400, 'Password is incorrect', [
  { field: 'password', message: 'Password is incorrect' },
]);

let api: ReturnType<typeof setupApi>;
let status: Status;

beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok(session(aUser())));
  await signIn();
  await i18n.changeLanguage('en');
  status = OFF;
  api.on('GET', '/users/two-factor', () => ok(status));
});

/** The Security section (jsdom is phone-sized: the sections come from the dropdown). */
async function openSecurity() {
  const user = userEvent.setup();
  renderApp('/settings');
  await user.selectOptions(await screen.findByLabelText('Settings section'), 'security');
  return user;
}

const twoFactorSwitch = () => screen.findByRole('switch', { name: 'Two-factor authentication' });
const codeField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Authentication code/);
const currentPassword = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Current password/);
const calls = (path: string) => api.calls.filter((call) => call.path === path);

describe('Two-factor sign-in in Settings', () => {
  it('turns it on: the new key, its first code, then the recovery codes shown once', async () => {
    const codes = recoveryCodes('K');
    api.on('POST', '/users/two-factor/setup', () => ok(SETUP));
    api.on('POST', '/users/two-factor/enable', (_request, body) => {
      if ((body as { code: string }).code !== '123456') return wrongCode;
      status = ON;
      return ok({ recoveryCodes: codes });
    });
    const user = await openSecurity();
    const toggle = await twoFactorSwitch();
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Change Password')).toBeInTheDocument();

    // Turning it on or off ends the other sessions: the switch says so.
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Other devices will be signed out'));

    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    // A fresh sign-in needs no password: the field is optional and says when it is needed.
    const password = currentPassword(dialog);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription('Needed when you signed in more than 5 minutes ago');
    expect(calls('/users/two-factor/setup')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(calls('/users/two-factor/setup').map((call) => call.body)).toEqual([{}]);
    expect(
      within(dialog).getByRole('img', { name: 'QR code of your two-factor sign-in key' }),
    ).toHaveAttribute('src', SETUP.qrCode);
    await waitFor(() => expect(codeField(dialog)).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(toggle).not.toBeChecked();

    await user.type(codeField(dialog), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(codeField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining('Invalid or already used code'),
      ),
    );
    await user.clear(codeField(dialog));
    await user.type(codeField(dialog), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const saved = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(saved).toContainElement(document.activeElement as HTMLElement);
    const list = within(saved).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    // Shown once: only the button closes it.
    expect(within(saved).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();

    await user.click(within(saved).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in is on.');
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked(),
    );
    // Focus goes back to where the dialog was opened.
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toHaveFocus(),
    );
    expect(screen.getByText('10 recovery codes left')).toBeInTheDocument();
    expect(currentUser()?.settings.security.twoFactorAuth).toBe(true);
    expect(calls('/users/two-factor/enable').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('leaves it off when the setup is cancelled, and starts with a new key next time', async () => {
    const secrets = ['AAAABBBBCCCCDDDD', 'EEEEFFFFGGGGHHHH'];
    api.on('POST', '/users/two-factor/setup', () => ok({ ...SETUP, secret: secrets.shift() ?? '' }));
    const user = await openSecurity();
    await user.click(await twoFactorSwitch());
    let dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('AAAA BBBB CCCC DDDD')).toBeInTheDocument();
    await user.type(codeField(dialog), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).not.toBeChecked();
    expect(calls('/users/two-factor/enable')).toHaveLength(0);

    await user.click(screen.getByRole('switch', { name: 'Two-factor authentication' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('EEEE FFFF GGGG HHHH')).toBeInTheDocument();
    expect(within(dialog).queryByText('AAAA BBBB CCCC DDDD')).toBeNull();
    expect(codeField(dialog)).toHaveValue('');
    expect(calls('/users/two-factor/setup')).toHaveLength(2);
  });

  it('asks for the current password when the sign-in is older than 5 minutes, and shows the refusal under it', async () => {
    api.on('POST', '/users/two-factor/setup', (_request, body) => {
      const password = (body as { password?: string } | undefined)?.password;
      if (password === undefined) return passwordNeeded;
      return password === 'long-password' ? ok(SETUP) : wrongPassword;
    });
    const user = await openSecurity();
    await user.click(await twoFactorSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const password = currentPassword(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(STEP_UP_MESSAGE)),
    );
    // On the field, not in an alert above the form; the dialog stays on this step.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByRole('img', { name: /QR code/ })).toBeNull();

    await user.type(password, 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('Password is incorrect')),
    );

    await user.clear(password);
    await user.type(password, 'long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of your two-factor sign-in key' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(codeField(dialog)).toHaveFocus());
    // The password has done its work: nothing on screen holds it any more.
    expect(within(dialog).queryByLabelText(/^Current password/)).toBeNull();
    expect(calls('/users/two-factor/setup').map((call) => call.body)).toEqual([
      {},
      { password: 'not-my-password' },
      { password: 'long-password' },
    ]);
    // Never in an address.
    expect(api.calls.some((call) => /password/.test(call.path))).toBe(false);
  });

  it('shows a setup that could not start above the form, and tries again from there', async () => {
    api.on('POST', '/users/two-factor/setup', () => fail(429, 'Too many requests. Please try again later.'));
    const user = await openSecurity();
    await user.click(await twoFactorSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
    expect(currentPassword(dialog)).toHaveAccessibleDescription(
      'Needed when you signed in more than 5 minutes ago',
    );

    api.on('POST', '/users/two-factor/setup', () => ok(SETUP));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  });

  it('turns it off with the password and a code, each refusal under its own field', async () => {
    status = { ...ON, recoveryCodesLeft: 7 };
    const me = aUser();
    signInAs({ ...me, settings: { ...me.settings, security: { twoFactorAuth: true } } });
    api.on('POST', '/users/two-factor/disable', () =>
      fail(400, 'Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }]),
    );
    const user = await openSecurity();
    const toggle = await twoFactorSwitch();
    expect(toggle).toBeChecked();
    expect(screen.getByText('7 recovery codes left')).toBeInTheDocument();

    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const password = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'wrong-password');
    await user.type(codeField(dialog), 'ABCDE-FGHJK');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is incorrect'));
    expect(codeField(dialog)).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(calls('/users/two-factor/disable')[0]?.body).toEqual({
      password: 'wrong-password',
      code: 'ABCDE-FGHJK',
    });

    api.on('POST', '/users/two-factor/disable', () => wrongCode);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(codeField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining('Invalid or already used code'),
      ),
    );

    api.on('POST', '/users/two-factor/disable', () => ok(OFF));
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in is off.');
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Generate new recovery codes' })).toBeNull();
    expect(currentUser()?.settings.security.twoFactorAuth).toBe(false);
  });

  it('generates new recovery codes with a code and shows them once', async () => {
    status = { ...ON, recoveryCodesLeft: 1 };
    const codes = recoveryCodes('N');
    api.on('POST', '/users/two-factor/recovery-codes', (_request, body) => {
      if ((body as { code: string }).code !== '123456') return wrongCode;
      status = ON;
      return ok({ recoveryCodes: codes });
    });
    const user = await openSecurity();
    expect(await screen.findByText('1 recovery code left')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new recovery codes' });
    await waitFor(() => expect(codeField(dialog)).toHaveFocus());
    await user.type(codeField(dialog), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Generate codes' }));
    await waitFor(() =>
      expect(codeField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining('Invalid or already used code'),
      ),
    );
    await user.clear(codeField(dialog));
    await user.type(codeField(dialog), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Generate codes' }));

    const saved = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(saved)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    await user.click(within(saved).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Generate new recovery codes' })).toHaveFocus(),
    );
    // A fresh sign-in sends no password.
    expect(calls('/users/two-factor/recovery-codes').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('sends the current password with the code when the sign-in is older than 5 minutes', async () => {
    status = { ...ON, recoveryCodesLeft: 2 };
    api.on('POST', '/users/two-factor/recovery-codes', (_request, body) => {
      const { password } = body as { code: string; password?: string };
      if (password !== 'long-password') return password ? wrongPassword : passwordNeeded;
      status = ON;
      return ok({ recoveryCodes: recoveryCodes('P') });
    });
    const user = await openSecurity();
    await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new recovery codes' });
    const password = currentPassword(dialog);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription('Needed when you signed in more than 5 minutes ago');

    await user.type(codeField(dialog), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Generate codes' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(STEP_UP_MESSAGE)),
    );
    expect(codeField(dialog)).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.type(password, 'long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(calls('/users/two-factor/recovery-codes').map((call) => call.body)).toEqual([
      { code: '123456' },
      { code: '123456', password: 'long-password' },
    ]);
  });

  it('keeps it on for an admin on a server that requires it, and says why', async () => {
    status = { ...ON, required: true };
    await openSecurity();
    const toggle = await twoFactorSwitch();
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      'Admin accounts on this server must keep two-factor sign-in on, so it cannot be turned off.',
    );
    expect(screen.getByRole('button', { name: 'Generate new recovery codes' })).toBeEnabled();
  });

  it('asks an admin whom the server requires to use it to turn it on', async () => {
    status = { ...OFF, required: true };
    await openSecurity();
    const toggle = await twoFactorSwitch();
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    expect(
      screen.getByText(
        'Admin accounts on this server must use two-factor sign-in: turn it on to keep using the admin console.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the status could not be read, and reads it again on request', async () => {
    api.on('GET', '/users/two-factor', () => fail(503, 'Service unavailable'));
    const user = await openSecurity();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your two-factor sign-in');
    expect(screen.queryByRole('switch')).toBeNull();
    api.on('GET', '/users/two-factor', () => ok(ON));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await twoFactorSwitch()).toBeChecked();
  });
});
