import { aUser } from '@cityquest/openapi/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
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

const myProfile = aMyProfile(me, {
  categoryXP: { Art: 0, Food: 100, History: 100, Culture: 50, Adventure: 0, HiddenGems: 0 },
  profileCompleteness: 80,
  questsCompleted: 7,
  questsOngoing: 1,
  currentStreak: 3,
  distanceExplored: 12.34,
});

const TIERS = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const;
const earned = (name: string, n: number) => ({
  badge_id: {
    _id: `8a9b0c1d-2e3f-4a5b-8c6d-${String(n).padStart(12, '0')}`,
    badgeId: n,
    name,
    description: `Earn xp from Art quests (${n}).`,
    imageUrl: `https://files.cityquest.app/badges/${n}.webp`,
    category: 'Art',
    tier: TIERS[(n - 1) % TIERS.length],
    rarity: TIERS[(n - 1) % TIERS.length],
    xpRequired: 100 * n,
  },
  earnedAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  reason: null,
});
const eight = Array.from({ length: 8 }, (_, index) => earned(`Badge ${index + 1}`, index + 1));

async function openBadgesTab(badges: ReturnType<typeof earned>[]) {
  api.on('GET', '/users/my-profile', () => ok({ ...myProfile, badges, badgesEarned: badges.length }));
  const user = userEvent.setup();
  renderApp('/profile');
  await user.click(await screen.findByRole('tab', { name: 'Badges' }));
  return { user, panel: await screen.findByRole('tabpanel', { name: 'Badges' }) };
}
const tileNames = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

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
    api.on('GET', '/users/my-profile', () =>
      ok({ ...myProfile, badges: [earned('Street Art Scout', 1)], badgesEarned: 1 }),
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
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalFriends: 1,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Badges' }));
    expect(await screen.findByRole('heading', { name: 'Street Art Scout' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Friends' }));
    expect(await screen.findByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      `/profile/${ravi}`,
    );
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage friends' })).toHaveAttribute('href', '/friends');
  });

  it('shows 6 earned badges as tiles with View More and Show Less, and links to the badge pages', async () => {
    const { user, panel } = await openBadgesTab(eight);
    await waitFor(() =>
      expect(tileNames(panel)).toEqual(['Badge 1', 'Badge 2', 'Badge 3', 'Badge 4', 'Badge 5', 'Badge 6']),
    );
    const third = within(panel).getByRole('heading', { name: 'Badge 3' }).closest<HTMLElement>('[data-tier]');
    if (!third) throw new Error('no tile for Badge 3');
    expect(third).toHaveAttribute('data-tier', 'Rare');
    expect(within(third).getByText('Rare')).toBeInTheDocument();
    expect(within(third).getByText('Earned: Nov 3, 2026')).toBeInTheDocument();
    expect(within(third).getByRole('img', { name: 'Badge 3 badge' })).toHaveAttribute(
      'src',
      'https://files.cityquest.app/badges/3.webp',
    );

    await user.click(within(panel).getByRole('button', { name: 'View More (2 more)' }));
    expect(tileNames(panel)).toHaveLength(8);
    await user.click(within(panel).getByRole('button', { name: 'Show Less' }));
    expect(tileNames(panel)).toHaveLength(6);

    expect(within(panel).getByRole('link', { name: 'View all badges' })).toHaveAttribute(
      'href',
      '/badge-collection',
    );
    expect(within(panel).getByRole('link', { name: 'Badges Gallery' })).toHaveAttribute(
      'href',
      '/badges-gallery',
    );
  });

  it('shows the badge tiles in the explorer language', async () => {
    const french = aUser({
      bio: '',
      settings: { ...me.settings, appPreferences: { language: 'fr', theme: 'light' } },
    });
    api.on('POST', '/users/login', () => ok({ user: french, accessToken: 'a', refreshToken: 'r' }));
    await useAuthStore.getState().login('asha', 'long-password');
    api.on('GET', '/users/my-profile', () =>
      ok({ ...myProfile, settings: french.settings, badges: [earned('Chasseur de fresques', 2)] }),
    );
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Badges' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Badges' });
    const tile = (
      await within(panel).findByRole('heading', { name: 'Chasseur de fresques' })
    ).closest<HTMLElement>('[data-tier]');
    if (!tile) throw new Error('no tile');
    await waitFor(() => expect(within(tile).getByText('Peu commun')).toBeInTheDocument());
    expect(within(tile).getByRole('img', { name: 'Badge Chasseur de fresques' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Voir tous les badges' })).toHaveAttribute(
      'href',
      '/badge-collection',
    );
  });

  it('says when no badge is earned yet, with Explore Quests and the badge pages', async () => {
    const { panel } = await openBadgesTab([]);
    expect(await within(panel).findByText('No badges earned yet')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Explore Quests' })).toHaveAttribute('href', '/explore');
    expect(within(panel).getByRole('link', { name: 'View all badges' })).toHaveAttribute(
      'href',
      '/badge-collection',
    );
    expect(within(panel).getByRole('link', { name: 'Badges Gallery' })).toHaveAttribute(
      'href',
      '/badges-gallery',
    );
    expect(tileNames(panel)).toEqual([]);
  });

  it('keeps the open tab in the address', async () => {
    api.on('GET', '/users/my-profile', () => ok(myProfile));
    api.on('GET', '/friends/my-friends', () =>
      ok({
        friends: [],
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalFriends: 0,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/profile?tab=friends');
    expect(await screen.findByRole('tab', { name: 'Friends', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Badges' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'badges' }));
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows Not Found for an explorer who does not exist', async () => {
    api.on('GET', `/users/profile/${ravi}`, () => fail(404, 'User not found'));
    renderApp(`/profile/${ravi}`);
    expect((await screen.findAllByText('Page Not Found')).length).toBeGreaterThan(0);
  });
});
