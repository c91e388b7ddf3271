import { PAGE_SIZE_MAX } from '@cityquest/contract';
import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
import { aQuestNamed, taskIdOf } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';
import type { ProgressSummary } from './profile-api.ts';

const ravi = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';
let api: ReturnType<typeof setupApi>;
const me = aUser({ bio: '' });

beforeAll(() => loadNamespaces('profile'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
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

/** A progress record of mine; completed ones finished on November `day` (the lists come newest first). */
const progressOf = (title: string, status: ProgressSummary['status'], day = 1): ProgressSummary => {
  const quest = aQuestNamed(title);
  const done = status === 'completed';
  return {
    _id: quest._id.replace('00000000', '11111111'),
    quest_id: quest,
    user_id: me._id,
    status,
    completed_tasks: done ? [taskIdOf(1), taskIdOf(2)] : [taskIdOf(1)],
    total_tasks: 2,
    progress: done ? 100 : 50,
    xpEarned: done ? 60 : 0,
    startedAt: '2026-10-20T08:00:00.000Z',
    completedAt: done ? `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z` : null,
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
};
const ongoing = (...titles: string[]) => titles.map((title) => progressOf(title, 'ongoing'));
/** Completed quests, newest first as the API lists them. */
const completed = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    progressOf(`Completed ${index + 1}`, 'completed', 28 - (index % 28)),
  );

/** My profile with these quests; the completed list answers by page and limit as the server does. */
function answerQuests(mine: { ongoing: ProgressSummary[]; completed: ProgressSummary[] }) {
  api.on('GET', '/users/my-profile', () => ok(myProfile));
  api.on('GET', '/quest-progress/ongoing', () => ok(mine.ongoing));
  const pagesAsked: string[] = [];
  api.on('GET', '/users/completed-quests', (request) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    pagesAsked.push(`${page}/${limit}`);
    const totalPages = Math.max(1, Math.ceil(mine.completed.length / limit));
    return ok({
      quests: mine.completed.slice((page - 1) * limit, page * limit),
      pagination: {
        currentPage: page,
        totalPages,
        totalQuests: mine.completed.length,
        totalCapped: false,
        hasNextPage: page < totalPages,
        hasPreviousPage: page > 1,
      },
    });
  });
  return pagesAsked;
}
/** The quest links of a part of the page, as [title, address]. */
const questLinks = (part: HTMLElement) =>
  within(part)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
const playing = (record: ProgressSummary) => [
  record.quest_id.title,
  `/quest-in-progress/${record.quest_id._id}`,
];
const overview = (record: ProgressSummary) => [
  record.quest_id.title,
  `/quest-overview/${record.quest_id._id}`,
];

async function openQuestsTab() {
  const user = userEvent.setup();
  renderApp('/profile');
  await user.click(await screen.findByRole('tab', { name: 'Quests' }));
  return { user, panel: await screen.findByRole('tabpanel', { name: 'Quests' }) };
}

describe('Profile', () => {
  it('shows my stats, the bio placeholder, Edit Profile to /settings and the leaderboard', async () => {
    api.on('GET', '/users/my-profile', () => ok(myProfile));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: me.fullName })).toBeInTheDocument();
    expect(screen.getByText('No bio added yet. Share something about yourself!')).toBeInTheDocument();
    expect(screen.getByText('12.3')).toBeInTheDocument();
    expect(screen.getByText('Profile 80% complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'See leaderboard' })).toHaveAttribute('href', '/leaderboard');
  });

  it('shows as recent activity the first 2 ongoing quests, then the latest completed one: 3 cards at most', async () => {
    const mine = {
      ongoing: ongoing('Murals of Lodhi Colony', 'Food of Chandni Chowk', 'Ghats of Varanasi'),
      completed: completed(2),
    };
    answerQuests(mine);
    renderApp('/profile');
    const recent = await screen.findByRole('region', { name: 'Recent Activity' });
    await waitFor(() =>
      expect(questLinks(recent)).toEqual([
        playing(mine.ongoing[0] as ProgressSummary),
        playing(mine.ongoing[1] as ProgressSummary),
        overview(mine.completed[0] as ProgressSummary),
      ]),
    );
    expect(within(recent).getAllByText('50% complete · 60 XP reward')).toHaveLength(2);
    expect(within(recent).getByText('Completed on Nov 28, 2026 · 60 XP earned')).toBeInTheDocument();
  });

  it('fills recent activity with completed quests when fewer are ongoing', async () => {
    const mine = { ongoing: ongoing('Murals of Lodhi Colony'), completed: completed(3) };
    answerQuests(mine);
    renderApp('/profile');
    const recent = await screen.findByRole('region', { name: 'Recent Activity' });
    await waitFor(() =>
      expect(questLinks(recent)).toEqual([
        playing(mine.ongoing[0] as ProgressSummary),
        overview(mine.completed[0] as ProgressSummary),
        overview(mine.completed[1] as ProgressSummary),
      ]),
    );
  });

  it('says when there is no recent activity, with Start your first quest! to Explore', async () => {
    answerQuests({ ongoing: [], completed: [] });
    renderApp('/profile');
    const recent = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(recent).findByText('No recent quest activity')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'Start your first quest!' })).toHaveAttribute(
      'href',
      '/explore',
    );
  });

  it('lists ongoing quests first, then completed ones newest first: 6 with View More and Show Less', async () => {
    const mine = {
      ongoing: ongoing('Murals of Lodhi Colony', 'Food of Chandni Chowk'),
      completed: completed(7),
    };
    answerQuests(mine);
    const { user, panel } = await openQuestsTab();
    const all = [...mine.ongoing.map(playing), ...mine.completed.map(overview)];
    await waitFor(() => expect(questLinks(panel)).toEqual(all.slice(0, 6)));

    await user.click(within(panel).getByRole('button', { name: 'View More (3 more)' }));
    expect(questLinks(panel)).toEqual(all);
    await user.click(within(panel).getByRole('button', { name: 'Show Less' }));
    expect(questLinks(panel)).toEqual(all.slice(0, 6));
  });

  it('loads the completed quests past the first page when View More is pressed', async () => {
    const mine = { ongoing: ongoing('Murals of Lodhi Colony'), completed: completed(PAGE_SIZE_MAX + 1) };
    const total = mine.ongoing.length + mine.completed.length;
    const pagesAsked = answerQuests(mine);
    const { user, panel } = await openQuestsTab();
    await user.click(await within(panel).findByRole('button', { name: `View More (${total - 6} more)` }));
    await waitFor(() => expect(questLinks(panel)).toHaveLength(total));
    expect(questLinks(panel).at(-1)).toEqual(overview(mine.completed.at(-1) as ProgressSummary));
    expect(pagesAsked.filter((asked) => asked.endsWith(`/${PAGE_SIZE_MAX}`))).toEqual([
      `1/${PAGE_SIZE_MAX}`,
      `2/${PAGE_SIZE_MAX}`,
    ]);
  });

  it('sends an explorer without quests to Explore from the Quests tab', async () => {
    answerQuests({ ongoing: [], completed: [] });
    const { panel } = await openQuestsTab();
    expect(await within(panel).findByRole('link', { name: 'Explore Quests' })).toHaveAttribute(
      'href',
      '/explore',
    );
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
    expect(screen.queryByRole('link', { name: 'See leaderboard' })).toBeNull();
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
    await signIn();
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
