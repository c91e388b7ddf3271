import type { Role, Schema } from '@cityquest/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAdminUser } from '../../test-support/admin-users.ts';
import { aTwoFactorStatus, fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type AdminUser = Schema<'AdminUser'>;

const VIEWER_ID = '11111111-1111-4111-8111-111111111111';
const RAVI = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';
const RESET_PATH = `/admin/users/${RAVI}/two-factor/reset`;

const permissions = (role: Role): Schema<'AdminPermissions'> => ({
  isAdmin: role !== 'user',
  isSuperAdmin: role === 'super_admin',
  canModerateQuests: role !== 'user',
  canManageUsers: role !== 'user',
  canManageAdmins: role === 'super_admin',
  canViewAnalytics: role !== 'user',
  canManageBadges: role !== 'user',
  canViewReports: role !== 'user',
});

let api: ReturnType<typeof setupApi>;
/** The accounts as the fake server holds them: a reset changes them, and later answers show it. */
let accounts: AdminUser[];
let reads: { list: number; detail: number };

/** The users list and, for each account, its details and role. */
function serve(users: AdminUser[]) {
  accounts = users;
  reads = { list: 0, detail: 0 };
  api.on('GET', '/admin/users', () => {
    reads.list += 1;
    return ok({
      users: accounts,
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalUsers: accounts.length,
        totalCapped: false,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    });
  });
  for (const { _id: id } of users) {
    const account = () => accounts.find((user) => user._id === id) as AdminUser;
    api.on('GET', `/admin/users/${id}`, () => {
      reads.detail += 1;
      return ok({
        ...account(),
        stats: {
          profileCompleteness: 80,
          questsCompleted: 21,
          questsCreated: 2,
          questsOngoing: 1,
          badgesEarned: 3,
          currentStreak: 5,
          distanceExplored: 12.34,
        },
        permissions: permissions(account().role),
      });
    });
    api.on('GET', `/admin/users/${id}/role`, () =>
      ok({ userId: id, role: account().role, permissions: permissions(account().role) }),
    );
  }
}

/** The reset as the server answers it: the account with its second factor off. */
function serveReset() {
  api.on('POST', RESET_PATH, () => {
    accounts = accounts.map((user) => (user._id === RAVI ? { ...user, twoFactorEnabled: false } : user));
    return ok(
      accounts.find((user) => user._id === RAVI),
      'Two-factor sign-in reset',
    );
  });
}

const resets = () => api.calls.filter((call) => call.path === RESET_PATH);
const twoFactorLine = (dialog: HTMLElement) =>
  within(dialog).getByText('Two-factor sign-in', { selector: 'p' }).nextElementSibling?.textContent;

async function openDetails(role: Role, name = 'Ravi Kumar') {
  signInAs(role, { _id: VIEWER_ID });
  renderApp('/admin/users');
  await userEvent.click(await screen.findByRole('button', { name: `View details of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  await within(dialog).findByText('Profile completeness');
  return dialog;
}

async function openResetForm() {
  const dialog = await openDetails('super_admin');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
  const reason = await within(dialog).findByLabelText(/^Reason/);
  return { dialog, reason };
}

beforeEach(() => {
  api = setupApi();
});

describe("resetting another account's two-factor sign-in", () => {
  it('sends the reason and the super admin’s own code, says so and reads the user and the list again', async () => {
    serve([anAdminUser({ _id: RAVI, twoFactorEnabled: true })]);
    serveReset();
    const { dialog, reason } = await openResetForm();
    expect(twoFactorLine(dialog)).toBe('On');
    // The form takes the place of the button, so the reason takes the focus.
    await waitFor(() => expect(reason).toHaveFocus());
    // The signed-in super admin has two-factor sign-in on: their code proves it is them, not a password.
    const code = within(dialog).getByLabelText(/^Your authenticator code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(within(dialog).queryByLabelText(/^Your password/)).toBeNull();

    // Nothing leaves without a reason and a code.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(expect.stringContaining('at least 3 characters')),
    );
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Enter a code from your authenticator app'),
    );
    expect(resets()).toEqual([]);

    await userEvent.type(reason, '  Lost phone and recovery codes, identity checked by video call ');
    await userEvent.type(code, '123456');
    const before = { ...reads };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));

    const done = await within(dialog).findByText(
      'Two-factor sign-in of Ravi Kumar is off. They were signed out everywhere and mailed the reason.',
    );
    // The button that opened the form is gone: focus goes to the note that says what happened.
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus());
    expect(resets()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { reason: 'Lost phone and recovery codes, identity checked by video call', code: '123456' },
      }),
    ]);
    expect(twoFactorLine(dialog)).toBe('Off');
    // Nothing left to reset: the form and its button are gone.
    expect(within(dialog).queryByRole('button', { name: 'Reset two-factor sign-in' })).toBeNull();
    expect(within(dialog).queryByLabelText(/^Reason/)).toBeNull();
    // The list and the user's details are read again.
    await waitFor(() => expect(reads.list).toBeGreaterThan(before.list));
    await waitFor(() => expect(reads.detail).toBeGreaterThan(before.detail));
  });

  it('asks a super admin without two-factor sign-in for their password, and shows its refusal on the field', async () => {
    api.on('GET', '/users/two-factor', () =>
      ok(aTwoFactorStatus({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 })),
    );
    serve([anAdminUser({ _id: RAVI, twoFactorEnabled: true })]);
    api.on('POST', RESET_PATH, () =>
      fail(400, 'Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }]),
    );
    const { dialog, reason } = await openResetForm();
    const password = within(dialog).getByLabelText(/^Your password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(within(dialog).queryByLabelText(/^Your authenticator code/)).toBeNull();

    await userEvent.type(reason, 'Owner lost the phone');
    await userEvent.type(password, 'not-my-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('Password is incorrect')),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(resets()[0]?.body).toEqual({ reason: 'Owner lost the phone', password: 'not-my-password' });
    expect(twoFactorLine(dialog)).toBe('On');

    // A refusal no field holds shows above the form, in the server's words.
    api.on('POST', RESET_PATH, () => fail(409, 'This account has no second factor to reset'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This account has no second factor to reset',
    );
  });

  it('is not offered to a plain admin', async () => {
    serve([anAdminUser({ _id: RAVI, twoFactorEnabled: true })]);
    const dialog = await openDetails('admin');
    expect(twoFactorLine(dialog)).toBe('On');
    expect(within(dialog).getByRole('button', { name: 'Promote to Admin' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reset two-factor sign-in' })).toBeNull();
  });

  it('is not offered on the super admin’s own account, nor for an account without a second factor', async () => {
    serve([
      anAdminUser({
        _id: VIEWER_ID,
        role: 'super_admin',
        fullName: 'Sara Super',
        username: 'sara',
        twoFactorEnabled: true,
      }),
      anAdminUser({ _id: RAVI, twoFactorEnabled: false }),
    ]);
    const own = await openDetails('super_admin', 'Sara Super');
    expect(twoFactorLine(own)).toBe('On');
    expect(within(own).queryByRole('button', { name: 'Reset two-factor sign-in' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'View details of Ravi Kumar' }));
    const other = await screen.findByRole('dialog', { name: 'User Details' });
    await within(other).findByText('Profile completeness');
    expect(twoFactorLine(other)).toBe('Off');
    expect(within(other).getByRole('button', { name: 'Suspend User' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Reset two-factor sign-in' })).toBeNull();
  });
});
