import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const ADMIN_LINKS = ['Dashboard', 'Quests', 'Users', 'Proofs', 'Badges', 'Action Logs', 'Support'];

async function openDashboard() {
  const view = renderApp('/admin/dashboard');
  await screen.findByRole('heading', { name: 'Admin Dashboard' });
  return view;
}

describe('admin top bar', () => {
  it("shows an admin's name, the 'Admin' label, Main Site and the admin navigation", async () => {
    signInAs('admin', { fullName: 'Meera Admin' });
    await openDashboard();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Meera Admin')).toBeInTheDocument();
    expect(within(banner).getByText('Admin', { exact: true })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Main Site' })).toHaveAttribute('href', '/');
    const nav = within(banner).getByRole('navigation', { name: 'Admin navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(ADMIN_LINKS);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Super Dashboard' })).toBeNull();
  });

  it("shows 'Super Admin', the Super Dashboard link and the purple theme to a super admin", async () => {
    signInAs('super_admin', { fullName: 'Sara Super' });
    await openDashboard();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Super Admin', { exact: true })).toBeInTheDocument();
    const nav = within(banner).getByRole('navigation', { name: 'Admin navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([...ADMIN_LINKS, 'Super Dashboard']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Super Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard' })).toBeInTheDocument();
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toContain('--mantine-primary-color-filled: var(--mantine-color-grape-filled)');
  });

  it("follows the user's light or dark setting from the server", async () => {
    const { settings } = aUser();
    signInAs('admin', {
      settings: { ...settings, appPreferences: { ...settings.appPreferences, theme: 'dark' } },
    });
    await openDashboard();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('moves between the admin screens from the navigation', async () => {
    signInAs('admin');
    const { router } = await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Action Logs' }));
    expect(await screen.findByRole('heading', { name: 'Admin Action Logs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/action-logs');
    expect(within(nav).getByRole('link', { name: 'Action Logs' })).toHaveAttribute('aria-current', 'page');
  });

  it('folds the navigation into a menu for small screens', async () => {
    signInAs('admin');
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const menu = within(drawer).getByRole('navigation', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: 'Main Site' })).toHaveAttribute('href', '/');
    await userEvent.click(within(menu).getByRole('link', { name: 'Quests' }));
    expect(await screen.findByRole('heading', { name: 'Quest Moderation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/quests');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});

describe('logout', () => {
  it("asks 'Log out?' and stays signed in on Cancel", async () => {
    signInAs('admin');
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(within(dialog).getByText('Are you sure you want to log out of your account?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log out?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    // The dashboard and the cost widget read their data; nothing else is sent.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('logs out on Log Out and goes to /login', async () => {
    api.on('POST', '/users/logout', () => ok({ _id: '5d9c1f4e-2b7a-4c3d-8e1f-6a7b8c9d0e12' }));
    signInAs('admin');
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    const logoutCalls = () => api.calls.filter((call) => call.path === '/users/logout');
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(logoutCalls()[0]).toMatchObject({
      method: 'POST',
      path: '/users/logout',
      auth: 'Bearer access-1',
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
  });

  it('logs out from the mobile menu with the same question', async () => {
    api.on('POST', '/users/logout', () => ok({ _id: '5d9c1f4e-2b7a-4c3d-8e1f-6a7b8c9d0e12' }));
    signInAs('admin');
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(within(dialog).getByText('Are you sure you want to log out of your account?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/users/logout')).toHaveLength(1));
  });

  it('still ends the session when the logout call fails', async () => {
    api.on('POST', '/users/logout', () => fail(500, 'Internal server error'));
    signInAs('super_admin');
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Log out?' })).getByRole('button', {
        name: 'Log Out',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem('refreshToken')).toBeNull());
  });
});
