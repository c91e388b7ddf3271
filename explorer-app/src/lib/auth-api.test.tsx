import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, isSignedIn, ok, renderApp, setupApi, signIn, signInAs } from '../test-support/render-app.tsx';

const emptyDashboard = {
  ongoingQuests: [],
  completedQuests: [],
  userCreatedQuests: [],
  recommendedQuests: [],
  stats: { totalCompleted: 0, totalOngoing: 0, totalCreated: 0, ongoingLimit: 3 },
};

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const callsTo = (path: string) => api.calls.filter((call) => call.path === path);

describe('the explorer session', () => {
  it('sends a visitor on a signed-in screen to Access Denied once, without asking who they are', async () => {
    const { router } = renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(router.state.location.search).toEqual({ redirect: '/change-password' });
    expect(callsTo('/users/current-user')).toHaveLength(0);
  });

  it('opens a signed-in screen for a stored session, its user loaded once', async () => {
    signInAs(aUser({ username: 'asha' }));
    const { router } = renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    await router.navigate({ to: '/compass' });
    await router.navigate({ to: '/change-password' });
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(callsTo('/users/current-user')).toHaveLength(1);
  });

  it('ends a session the server refuses (a suspended account) and shows Access Denied', async () => {
    signInAs(aUser());
    api.on('GET', '/users/current-user', () => fail(403, 'Your account has been suspended: spam'));
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
  });

  it('keeps each form’s pending state its own: a slow sign-in leaves Forgot Password ready', async () => {
    api.on('POST', '/users/login', () => new Promise(() => undefined));
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email or Username/), 'asha');
    await user.type(screen.getByLabelText(/^Password/), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('data-loading', 'true'),
    );
    await router.navigate({ to: '/forgot-password' });
    const send = await screen.findByRole('button', { name: 'Send Reset Code' });
    expect(send).not.toHaveAttribute('data-loading');
    expect(send).toBeEnabled();
  });

  it('forgets the account’s data on logout: the next account sees its own', async () => {
    api.on('POST', '/users/login', () => ok(session(aUser({ username: 'asha' }))));
    api.on('POST', '/users/logout', () => fail(500, 'boom'));
    api.on('GET', '/quests/my-dashboard', () => ok(emptyDashboard));
    await signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByText('Welcome back, asha!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(isSignedIn()).toBe(false);
    expect(window.localStorage.getItem('currentUser')).toBeNull();

    api.on('POST', '/users/login', () => ok(session(aUser({ _id: crypto.randomUUID(), username: 'ravi' }))));
    await user.type(await screen.findByLabelText(/Email or Username/), 'ravi');
    await user.type(screen.getByLabelText(/^Password/), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back, ravi!')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back, asha!')).toBeNull();
    // Ravi's dashboard was read for Ravi, not taken from Asha's cache.
    expect(callsTo('/quests/my-dashboard')).toHaveLength(2);
  });
});
