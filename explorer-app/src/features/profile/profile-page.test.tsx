import { aUser } from '@cityquest/openapi/testing/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

const ravi = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';
let api: ReturnType<typeof setupApi>;
const me = aUser({ bio: '' });

beforeAll(() => loadNamespaces('profile'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await useAuthStore.getState().login('asha', 'long-password');
  await i18n.changeLanguage('en');
});

const myProfile = {
  ...me,
  displayName: me.fullName,
  totalXP: 250,
  currentXP: 50,
  nextLevelXP: 300,
  categoryXP: { history: 100, nature: 50, culture: 0, food: 100, adventure: 0, art: 0 },
  profileCompleteness: 80,
  questsCompleted: 7,
  questsOngoing: 1,
  questsCreated: 0,
  currentStreak: 3,
  badgesEarned: 2,
  distanceExplored: 12.34,
};

describe('Profile', () => {
  it('shows my stats, the bio placeholder and Edit Profile to /settings', async () => {
    api.on('GET', '/users/my-profile', () => ok(myProfile));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: me.fullName })).toBeInTheDocument();
    expect(screen.getByText('No bio added yet. Share something about yourself!')).toBeInTheDocument();
    expect(screen.getByText('12.3')).toBeInTheDocument();
    expect(screen.getByText('Profile 80% complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/settings');
  });

  it('shows the limited view of a private profile with a note', async () => {
    api.on('GET', `/users/profile/${ravi}`, () =>
      ok({
        _id: ravi,
        username: 'ravi',
        fullName: 'Ravi Kumar',
        avatar: null,
        level: 4,
        isPrivate: true,
        friendship: 'none',
      }),
    );
    renderApp(`/profile/${ravi}`);
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByText('This profile is private')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
  });

  it('shows the server message with a retry when the profile fails', async () => {
    api.on('GET', '/users/my-profile', () => fail(500, 'database down'));
    renderApp('/profile');
    expect(await screen.findByText('database down')).toBeInTheDocument();
  });

  it('lists earned badges and friends with their status in the tabs', async () => {
    api.on('GET', '/users/my-profile', () => ok(myProfile));
    api.on('GET', `/badges/earned/${me._id}`, () =>
      ok([
        { badge_id: { _id: 'b1', name: 'Street Art Scout' }, earnedAt: '2026-11-01T00:00:00Z', reason: null },
      ]),
    );
    api.on('GET', '/friends/my-friends', () =>
      ok({
        friends: [
          {
            _id: ravi,
            username: 'ravi',
            fullName: 'Ravi Kumar',
            avatar: null,
            bio: '',
            status: 'Online',
            friendsSince: '2026-11-01T00:00:00Z',
          },
        ],
        pagination: { page: 1, limit: 20, total: 1, pages: 1 },
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Badges' }));
    expect(await screen.findByText('Street Art Scout')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Friends' }));
    expect(await screen.findByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      `/profile/${ravi}`,
    );
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage friends' })).toHaveAttribute('href', '/friends');
  });
});
