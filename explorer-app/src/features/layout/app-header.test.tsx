import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, isSignedIn, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

/**
 * The open account menu. jsdom cannot lay it out, so once floating-ui's position check has run Mantine hides the
 * dropdown (display: none, hideDetached); whether that happens before a query depends on timing, so the menu is
 * found among hidden elements and its items are read by text.
 */
const openMenu = () => screen.findByRole('menu', { hidden: true });

/**
 * Whether an element shows on a phone. jsdom applies no CSS, so the header's breakpoints (Mantine's visibleFrom and
 * hiddenFrom, plain CSS classes) are read from the classes around it: nothing above it may be desktop-only.
 */
const shownOnPhones = (element: HTMLElement) => element.closest('[class*="mantine-visible-from-"]') === null;

async function signInAs(role: 'user' | 'admin' | 'super_admin') {
  api.on('POST', '/users/login', () => ok(session(aUser({ role }))));
  await signIn();
}

describe('header', () => {
  it('shows the visitor navigation', async () => {
    renderApp('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0] as HTMLElement;
    for (const name of ['Home', 'Explore', 'Compass', 'About']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).length).toBeGreaterThan(0);
  });

  it('shows level, xp and the account menu without the admin link for explorers', async () => {
    await signInAs('user');
    renderApp('/');
    expect((await screen.findAllByText('Lv. 2')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('XP: 120 / 500').length).toBeGreaterThan(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await openMenu();
    expect(within(menu).getByText('View Profile').closest('a')).toHaveAttribute('href', '/profile');
    expect(within(menu).getByText('My Badges').closest('a')).toHaveAttribute('href', '/badge-collection');
    expect(within(menu).getByText('Friends').closest('a')).toHaveAttribute('href', '/friends');
    expect(within(menu).getByText('Leaderboard').closest('a')).toHaveAttribute('href', '/leaderboard');
    expect(within(menu).getByText('Settings').closest('a')).toHaveAttribute('href', '/settings');
    expect(within(menu).getByText('Logout').closest('button')).toBeInTheDocument();
    expect(within(menu).queryByText('Admin Dashboard')).toBeNull();
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['View Profile', 'My Badges', 'Friends', 'Leaderboard', 'Settings', 'Logout']);
  });

  it('gives small screens a menu with the xp, the links and Logout', async () => {
    await signInAs('user');
    api.on('POST', '/users/logout', () => ok({ _id: aUser()._id }));
    const { router } = renderApp('/');
    expect(await screen.findByText('+620 XP')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Explore', 'My Quest', 'Compass', 'View Profile', 'My Badges', 'Settings']);
    expect(within(drawer).getByRole('link', { name: 'My Badges' })).toHaveAttribute(
      'href',
      '/badge-collection',
    );
    expect(within(drawer).getByText('XP: 120 / 500')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    // The same Log out? dialog as the account menu's: Cancel keeps the session, Log Out ends it.
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log out?' })).toBeNull());
    expect(isSignedIn()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    const again = await screen.findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(isSignedIn()).toBe(false);
  });

  it('keeps the bell with its unread count and the account menu in the phone header', async () => {
    await signInAs('user');
    api.on('GET', '/users/notifications', () =>
      ok({
        notifications: [],
        unreadCount: 2,
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalNotifications: 0,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      }),
    );
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    const account = await screen.findByRole('button', { name: 'Account menu' });
    expect(shownOnPhones(bell)).toBe(true);
    expect(shownOnPhones(account)).toBe(true);
    expect(shownOnPhones(screen.getByText('+620 XP'))).toBe(true);
    expect(shownOnPhones(screen.getByText('XP: 120 / 500'))).toBe(false);

    // From the keyboard: the menu opens on Enter and names Friends and Leaderboard.
    account.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Friends', hidden: true })).toHaveAttribute(
      'href',
      '/friends',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Leaderboard', hidden: true })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
  });

  it.each(['admin', 'super_admin'] as const)('offers the admin console to %s', async (role) => {
    await signInAs(role);
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await openMenu();
    expect(within(menu).getByText('Admin Dashboard').closest('a')).toHaveAttribute(
      'href',
      expect.stringContaining('/admin/dashboard'),
    );
  });

  it('logs out through the Log out? modal, even when the call fails, and lands on /login', async () => {
    await signInAs('user');
    api.on('POST', '/users/logout', () => fail(500, 'down'));
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(within(await openMenu()).getByText('Logout'));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(within(dialog).getByText('Are you sure you want to log out of your account?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(isSignedIn()).toBe(false);
  });
});

describe('guards', () => {
  it('sends visitors on protected routes to Access Denied', async () => {
    const { router } = renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('lets a signed-in explorer change the password with the documents messages', async () => {
    await signInAs('user');
    renderApp('/change-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Current Password/), 'same-password');
    await user.type(screen.getByLabelText(/^New Password/), 'same-password');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('New password must be different from current password'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });
});
