import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
const questLink = '/quest-overview/3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
const unreadOne = {
  _id: '4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c91',
  type: 'quest_approved',
  title: 'Quest approved',
  message: "Your quest 'Murals of Lodhi Colony' is now live.",
  read: false,
  link: questLink,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
};
const page = (notifications: unknown[], unreadCount: number) =>
  ok({
    notifications,
    unreadCount,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalNotifications: notifications.length,
      hasNextPage: false,
      hasPreviousPage: false,
    },
  });

beforeAll(() => loadNamespaces('profile'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Notification bell', () => {
  it('shows the unread count, marks one read on click and opens its link', async () => {
    api.on('GET', '/users/notifications', () => page([unreadOne], 3));
    api.on('PATCH', `/users/notifications/${unreadOne._id}/read`, () => ok({ ...unreadOne, read: true }));
    const user = userEvent.setup();
    const { router } = renderApp('/settings');
    // The bell is a lazy chunk: its first import in a cold test run takes longer than the default wait.
    const bell = await screen.findByRole('button', { name: 'Notifications (3 unread)' }, { timeout: 15_000 });
    await user.click(bell);
    expect(await screen.findByText('5 minutes ago')).toBeInTheDocument();
    await user.click(screen.getByText('Quest approved'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'PATCH' && call.path.endsWith('/read'))).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(questLink));
  });

  it('shows an empty state when there are none', async () => {
    api.on('GET', '/users/notifications', () => page([], 0));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5000 }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('asks again every minute while the page is visible', async () => {
    let unread = 1;
    api.on('GET', '/users/notifications', () => page([unreadOne], unread));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/settings');
    await screen.findByRole('button', { name: 'Notifications (1 unread)' }, { timeout: 5000 });
    unread = 2;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(screen.getByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
  });
});
