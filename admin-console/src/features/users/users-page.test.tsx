import type { Schema } from '@cityquest/contract';
import type { FakePath } from '@cityquest/web-client/testing/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAdminUser } from '../../test-support/admin-users.ts';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type AdminUser = Schema<'AdminUser'>;

const VIEWER_ID = '11111111-1111-4111-8111-111111111111';

const permissions = (role: AdminUser['role']): Schema<'AdminPermissions'> => ({
  isAdmin: role !== 'user',
  isSuperAdmin: role === 'super_admin',
  canModerateQuests: role !== 'user',
  canManageUsers: role !== 'user',
  canManageAdmins: role === 'super_admin',
  canViewAnalytics: role !== 'user',
  canManageBadges: role !== 'user',
  canViewReports: role !== 'user',
});

const page = (users: AdminUser[], totalUsers = users.length, currentPage = 1, totalCapped = false) => ({
  users,
  pagination: {
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalUsers / 20)),
    totalUsers,
    totalCapped,
    hasNextPage: currentPage * 20 < totalUsers,
    hasPreviousPage: currentPage > 1,
  },
});

let api: ReturnType<typeof setupApi>;
let listQueries: URLSearchParams[];
/** The accounts as the fake server holds them: actions change them, and later answers show the change. */
let accounts: AdminUser[];

const account = (id: string) => accounts.find((user) => user._id === id) as AdminUser;

/** The list and, for each user, the details and role calls of the modal. */
function serve(users: AdminUser[], totalUsers = users.length, totalCapped = false) {
  listQueries = [];
  accounts = users;
  api.on('GET', '/admin/users', (request) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    return ok(page(accounts, totalUsers, Number(query.get('page') ?? 1), totalCapped));
  });
  for (const { _id: id } of users) {
    api.on('GET', `/admin/users/${id}`, () => {
      const user = account(id);
      return ok({
        ...user,
        stats: {
          profileCompleteness: 80,
          questsCompleted: user.questsCompleted,
          questsCreated: user.questsCreated,
          questsOngoing: 1,
          badgesEarned: 3,
          currentStreak: 5,
          distanceExplored: 12.34,
        },
        permissions: permissions(user.role),
      });
    });
    api.on('GET', `/admin/users/${id}/role`, () =>
      ok({ userId: id, role: account(id).role, permissions: permissions(account(id).role) }),
    );
  }
}

/** A PATCH action the fake server applies to the account and answers with the updated account. */
function onAction(path: FakePath<'PATCH'>, change: (body: unknown) => Partial<AdminUser>) {
  const calls: unknown[] = [];
  const id = path.split('/')[3] as string;
  api.on('PATCH', path, (_request, body) => {
    calls.push(body);
    accounts = accounts.map((user) => (user._id === id ? { ...user, ...change(body) } : user));
    // A suspension or reactivation names the account again as userId.
    return ok(/(suspend|reactivate)$/.test(path) ? { ...account(id), userId: id } : account(id));
  });
  return calls;
}

async function openDetails(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `View details of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  await within(dialog).findByText('Profile completeness');
  return dialog;
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;

beforeEach(() => {
  api = setupApi();
});

describe('user management', () => {
  it('lists 20 users a page and sends the role and status filters, omitting "all"', async () => {
    serve([anAdminUser()]);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(Object.fromEntries(listQueries[0] ?? [])).toEqual({ page: '1', limit: '20' });

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    await waitFor(() => expect(listQueries.at(-1)?.get('role')).toBe('admin'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('inactive'));
    expect(listQueries.at(-1)?.get('role')).toBe('admin');
  });

  it('waits 300 ms after typing before it searches, once', async () => {
    serve([anAdminUser()]);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    await screen.findByRole('rowheader', { name: /Ravi Kumar/ });
    await userEvent.type(screen.getByLabelText('Search users'), 'ravi');
    expect(listQueries).toHaveLength(1);
    await waitFor(() => expect(listQueries.at(-1)?.get('search')).toBe('ravi'));
    expect(listQueries.map((query) => query.get('search'))).toEqual([null, 'ravi']);
  });

  it('pages through the users, 20 a page, with the list pagination texts', async () => {
    serve([anAdminUser()], 45);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(listQueries.at(-1)?.get('page')).toBe('2');
  });

  it('shows a total the server stopped counting as 1,000+, and keeps Next', async () => {
    serve([anAdminUser()], 1000, true);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    expect(await screen.findByText('1,000+ users')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 1,000+ results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 50+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('keeps the page, search and filters in the address, so a refresh, a link or Back shows the same list', async () => {
    serve([anAdminUser()], 45);
    signInAs('admin', { _id: VIEWER_ID });
    const { router, unmount } = renderApp('/admin/users');
    await screen.findByText('Showing 1 to 20 of 45 results');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    await userEvent.type(screen.getByLabelText('Search users'), 'ravi');
    await waitFor(() => expect(router.state.location.search).toEqual({ role: 'admin', search: 'ravi' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ role: 'admin', search: 'ravi', page: 2 }),
    );
    expect(Object.fromEntries(listQueries.at(-1) ?? [])).toEqual({
      page: '2',
      limit: '20',
      search: 'ravi',
      role: 'admin',
    });

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ role: 'admin', search: 'ravi' }));
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
    unmount();

    // 'all', page 1 and an unusable value are defaults: the address leaves them out.
    serve([anAdminUser()], 45);
    const shared = renderApp('/admin/users?page=2&search=ravi&status=suspended&role=nobody');
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(screen.getByLabelText('Search users')).toHaveValue('ravi');
    expect(screen.getByLabelText('Status')).toHaveValue('suspended');
    expect(screen.getByLabelText('Role')).toHaveValue('all');
    expect(Object.fromEntries(listQueries[0] ?? [])).toEqual({
      page: '2',
      limit: '20',
      search: 'ravi',
      status: 'suspended',
    });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(shared.router.state.location.search).toEqual({ search: 'ravi' }));
  });

  it('shows the answer to the newest filters when an older answer arrives after it', async () => {
    serve([anAdminUser()]);
    let releaseOlder: () => void = () => undefined;
    api.on('GET', '/admin/users', async (request) => {
      const role = new URL(request.url).searchParams.get('role');
      if (role === 'admin') {
        await new Promise<void>((resolve) => {
          releaseOlder = resolve;
        });
        return ok(page([anAdminUser({ fullName: 'Meera Admin', role: 'admin' })]));
      }
      return ok(page(role === 'user' ? [anAdminUser({ fullName: 'Ulla User' })] : [anAdminUser()]));
    });
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    await screen.findByRole('rowheader', { name: /Ravi Kumar/ });
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    // While a list loads, the screen keeps its filters as chosen and the rows it had.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Role')).toHaveValue('admin');
    expect(screen.getByRole('rowheader', { name: /Ravi Kumar/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'user');
    expect(await screen.findByRole('rowheader', { name: /Ulla User/ })).toBeInTheDocument();
    releaseOlder();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('rowheader', { name: /Ulla User/ })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Meera Admin/ })).toBeNull();
  });

  it('shows the empty state', async () => {
    serve([]);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    expect(await screen.findByText('No users found matching your criteria')).toBeInTheDocument();
  });

  it('shows a failed load with Dismiss and Try Again', async () => {
    api.on('GET', '/admin/users', () => fail(500, 'Database unavailable'));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    serve([anAdminUser()]);
    await userEvent.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Try Again' }),
    );
    expect(await screen.findByRole('rowheader', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the details from the keyboard and closes them with Escape', async () => {
    serve([anAdminUser()]);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const button = await screen.findByRole('button', { name: 'View details of Ravi Kumar' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'User Details' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows stats and role info, and lets an admin promote a user, updating the row', async () => {
    const ravi = anAdminUser();
    serve([ravi]);
    const promoted = onAction(`/admin/users/${ravi._id}/promote-admin`, () => ({ role: 'admin' }));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Ravi Kumar');
    expect(within(dialog).getByText('12.3 km')).toBeInTheDocument();
    expect(within(dialog).getByText('5 days')).toBeInTheDocument();
    expect(await within(dialog).findByText(/Moderate quests/)).toHaveTextContent(
      'Moderate quests: Not allowed',
    );
    expect(within(dialog).queryByRole('button', { name: 'Promote to Super Admin' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Demote to User' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Suspend User' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote to Admin' }));
    expect(await within(dialog).findByText('Ravi Kumar is now an admin.')).toBeInTheDocument();
    expect(promoted).toHaveLength(1);
    // The row now shows the new role; the admin viewer can no longer act on another admin.
    expect(within(row('Ravi Kumar')).getByText('Admin')).toBeInTheDocument();
    expect(within(dialog).getByText('Only super admins can manage other admins')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByText(/Moderate quests/)).toHaveTextContent('Moderate quests: Allowed'),
    );
  });

  it('tells an admin that only super admins manage other admins', async () => {
    serve([anAdminUser({ role: 'admin', fullName: 'Meera Admin', username: 'meera' })]);
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Meera Admin');
    expect(within(dialog).getByText('Only super admins can manage other admins')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Promote|Demote|Suspend|Reactivate/ })).toBeNull();
  });

  it('gives a super admin promote to super admin, demote and suspend on an admin', async () => {
    const meera = anAdminUser({ role: 'admin', fullName: 'Meera Admin', username: 'meera' });
    serve([meera]);
    onAction(`/admin/users/${meera._id}/demote-user`, () => ({ role: 'user' }));
    signInAs('super_admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Meera Admin');
    const buttons = within(dialog)
      .getAllByRole('button', { name: /Promote|Demote|Suspend|Reactivate/ })
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Promote to Super Admin', 'Demote to User', 'Suspend User']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Demote to User' }));
    expect(await within(dialog).findByText('Meera Admin is now a user.')).toBeInTheDocument();
    expect(within(row('Meera Admin')).getByText('User')).toBeInTheDocument();
  });

  it('offers nothing on the viewer’s own account', async () => {
    serve([anAdminUser({ _id: VIEWER_ID, role: 'super_admin', fullName: 'Sara Super', username: 'sara' })]);
    signInAs('super_admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Sara Super');
    expect(within(dialog).getByText('You cannot change your own account')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Promote|Demote|Suspend|Reactivate/ })).toBeNull();
  });

  it('asks for a reason before suspending, sends it, and then offers reactivation', async () => {
    const ravi = anAdminUser();
    serve([ravi]);
    const bodies = onAction(`/admin/users/${ravi._id}/suspend`, (body) => ({
      accountVerified: false,
      status: 'suspended',
      suspensionReason: (body as { reason: string }).reason,
    }));
    onAction(`/admin/users/${ravi._id}/reactivate`, () => ({
      accountVerified: true,
      status: 'active',
      suspensionReason: null,
    }));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Ravi Kumar');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    const reason = within(dialog).getByLabelText('Reason for suspension');
    expect(reason).toHaveValue('Account suspended by administrator');
    expect(bodies).toEqual([]);
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Spam proofs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Suspension' }));

    expect(await within(dialog).findByText('Ravi Kumar is suspended.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Spam proofs' }]);
    expect(within(row('Ravi Kumar')).getByText('Suspended')).toBeInTheDocument();
    expect(within(dialog).getByText('Spam proofs')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reactivate User' }));
    expect(await within(dialog).findByText('Ravi Kumar is active again.')).toBeInTheDocument();
    expect(within(row('Ravi Kumar')).getByText('Active')).toBeInTheDocument();
  });

  it('sends the default reason when the reason is left blank', async () => {
    const ravi = anAdminUser();
    serve([ravi]);
    const bodies = onAction(`/admin/users/${ravi._id}/suspend`, () => ({
      accountVerified: false,
      status: 'suspended',
    }));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Ravi Kumar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    await userEvent.clear(within(dialog).getByLabelText('Reason for suspension'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Suspension' }));
    await within(dialog).findByText('Ravi Kumar is suspended.');
    expect(bodies).toEqual([{ reason: 'Account suspended by administrator' }]);
  });

  it('shows a refused suspension reason on its field', async () => {
    const ravi = anAdminUser();
    serve([ravi]);
    api.on('PATCH', `/admin/users/${ravi._id}/suspend`, () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'reason', message: 'Reason must not contain control characters' }],
      },
    }));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Ravi Kumar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    const reason = within(dialog).getByLabelText('Reason for suspension');
    expect(reason).toHaveAttribute('maxLength', '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Suspension' }));
    expect(await within(dialog).findByText('Reason must not contain control characters')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a refused action with Dismiss and leaves the row as it was', async () => {
    const ravi = anAdminUser();
    serve([ravi]);
    api.on('PATCH', `/admin/users/${ravi._id}/promote-admin`, () => fail(409, 'User is already an admin'));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Ravi Kumar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote to Admin' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('User is already an admin');
    expect(within(row('Ravi Kumar')).getByText('User')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a failed role info with Try Again, which asks again, and Dismiss, which hides it', async () => {
    const ravi = anAdminUser();
    serve([ravi]);
    api.on('GET', `/admin/users/${ravi._id}/role`, () => fail(500, 'Role service unavailable'));
    signInAs('admin', { _id: VIEWER_ID });
    renderApp('/admin/users');
    const dialog = await openDetails('Ravi Kumar');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Role service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    api.on('GET', `/admin/users/${ravi._id}/role`, () => fail(500, 'Role service still unavailable'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const again = await within(await openDetails('Ravi Kumar')).findByRole('alert');
    api.on('GET', `/admin/users/${ravi._id}/role`, () =>
      ok({ userId: ravi._id, role: 'user', permissions: permissions('user') }),
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/Moderate quests/)).toHaveTextContent('Moderate quests: Not allowed');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
