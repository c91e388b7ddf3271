import { aUser } from '@cityquest/contract/testing/users';
import { DEFAULT_QUEST_IMAGE } from '@cityquest/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { CAROUSEL_STEP } from '../../lib/quests/carousel.tsx';
import type { ProgressSummary, QuestDashboard, QuestSummary } from '../../lib/quests/quest-api.ts';
import { aQuestNamed, taskIdOf } from '../../test-support/quest-fixtures.ts';
import { currentUser, fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

const me = aUser({ username: 'asha', level: 2, xp: 620, rank: 'Novice Explorer' });
const page = (quests: QuestSummary[]) => ({
  quests,
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalQuests: quests.length,
    totalCapped: false,
    hasNextPage: false,
    hasPreviousPage: false,
  },
});
const ongoing = (quest: QuestSummary): ProgressSummary => ({
  _id: quest._id.replace('00000000', '11111111'),
  quest_id: quest,
  user_id: me._id,
  status: 'ongoing',
  completed_tasks: [taskIdOf(1)],
  total_tasks: 3,
  progress: 33,
  xpEarned: 0,
  startedAt: '2026-11-09T17:00:00.000Z',
  completedAt: null,
  updatedAt: '2026-11-10T09:12:00.000Z',
});
const dashboard = (overrides: Partial<QuestDashboard> = {}): QuestDashboard => ({
  ongoingQuests: [
    ongoing(aQuestNamed('Murals of Lodhi Colony')),
    ongoing(aQuestNamed('Food of Chandni Chowk')),
  ],
  completedQuests: [],
  userCreatedQuests: [],
  recommendedQuests: [aQuestNamed('Recommended walk')],
  stats: { totalCompleted: 9, totalOngoing: 2, totalCreated: 0, ongoingLimit: 3 },
  ...overrides,
});
const next = [aQuestNamed('Next one'), aQuestNamed('Next two', { files: [] })];

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('quests'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  api.on('GET', '/quests/my-dashboard', () => ok(dashboard()));
  api.on('GET', '/quests', () => ok(page(next)));
  api.on('GET', '/quests/featured', () => ok([aQuestNamed('Featured walk')]));
  api.on('GET', '/quests/popular', () => ok([aQuestNamed('Popular walk')]));
});

const section = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  const root = heading.closest('section');
  if (!root) throw new Error(`no section ${name}`);
  return root;
};

describe('Home dashboard', () => {
  it('shows the welcome banner and every block from the server', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, asha!' })).toBeInTheDocument();
    for (const text of ['Level 2', 'Novice Explorer', '620 XP'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(await screen.findByText('9 quests completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start New Adventure' })).toHaveAttribute('href', '/explore');
    // Only the first ongoing quest, with the count.
    const ongoingBlock = section('Ongoing Quests');
    expect(within(ongoingBlock).getByRole('heading', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(within(ongoingBlock).queryByText('Food of Chandni Chowk')).not.toBeInTheDocument();
    expect(within(ongoingBlock).getByText('2 in progress')).toBeInTheDocument();
    expect(within(ongoingBlock).getByText('33% complete')).toBeInTheDocument();
    expect(await screen.findByText('Found 2 quests')).toBeInTheDocument();
    const nextBlock = section('Your Next Adventure');
    expect(within(nextBlock).getByRole('heading', { name: 'Next one' })).toBeInTheDocument();
    // A quest without a cover shows the default image.
    const noCover = within(nextBlock)
      .getByRole('heading', { name: 'Next two' })
      .closest('.mantine-Card-root');
    expect(noCover?.querySelector('img')).toHaveAttribute('src', DEFAULT_QUEST_IMAGE);
    expect(
      within(section('Featured Quests')).getByRole('heading', { name: 'Featured walk' }),
    ).toBeInTheDocument();
    expect(
      within(section('Popular Quests')).getByRole('heading', { name: 'Popular walk' }),
    ).toBeInTheDocument();
    expect(
      within(section('Just for You')).getByRole('heading', { name: 'Recommended walk' }),
    ).toBeInTheDocument();
    const limits = api.calls.filter((call) => call.path.startsWith('/quests'));
    expect(limits.map((call) => call.path).sort()).toEqual(
      ['/quests', '/quests/featured', '/quests/my-dashboard', '/quests/popular'].sort(),
    );
    // The two sample events with their buttons, and the hub.
    const events = section('Upcoming Events & Challenges');
    expect(
      within(events).getByRole('link', { name: 'Learn More: Capture the Local Flavor' }),
    ).toHaveAttribute('href', '/events');
    expect(
      within(events).getByRole('link', { name: 'Join Now: Community Clean-Up Drive' }),
    ).toBeInTheDocument();
    expect(within(events).getByText('28')).toBeInTheDocument();
    expect(within(events).getByText('30')).toBeInTheDocument();
    const hub = section('Your Explorer Hub');
    expect(within(hub).getByText('2 quests in progress')).toBeInTheDocument();
    for (const name of ['My Profile', 'Leaderboard', 'Badges', 'Messages']) {
      expect(within(hub).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(hub).getByRole('link', { name: 'Badges' })).toHaveAttribute('href', '/badges-gallery');
    const badgesInProgress = within(hub).getByRole('heading', { name: 'Badges in Progress' })
      .parentElement as HTMLElement;
    expect(within(badgesInProgress).getByRole('link', { name: 'View Badge Collection' })).toHaveAttribute(
      'href',
      '/badge-collection',
    );
  });

  it("asks for the home dashboard's page sizes", async () => {
    const asked: string[] = [];
    const record = (data: unknown) => (request: Request) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname.replace('/api/v1', '')}${url.search}`);
      return ok(data);
    };
    api.on('GET', '/quests', record(page(next)));
    api.on('GET', '/quests/featured', record([]));
    api.on('GET', '/quests/popular', record([]));
    renderApp('/');
    await screen.findByText('Found 2 quests');
    await waitFor(() =>
      expect(asked.sort()).toEqual([
        '/quests/featured?limit=3',
        '/quests/popular?limit=4',
        '/quests?page=1&limit=4',
      ]),
    );
  });

  it('shows the empty ongoing state with Explore Now', async () => {
    api.on('GET', '/quests/my-dashboard', () => ok(dashboard({ ongoingQuests: [] })));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No ongoing quests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/explore');
  });

  it('starts a quest from a row, refreshes the dashboard and the header, and opens it in progress', async () => {
    const featured = aQuestNamed('Featured walk');
    api.on('GET', '/quests/featured', () => ok([featured]));
    api.on('GET', '/users/current-user', () => ok({ ...me, xp: 640 }));
    api.on('POST', '/quest-progress/start', () =>
      ok({ ...ongoing(featured), notes: '', taskProofs: {}, completed_tasks: [], progress: 0 }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Start Quest: Featured walk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quest-in-progress/${featured._id}`));
    expect(api.calls.find((call) => call.path === '/quest-progress/start')?.body).toEqual({
      questId: featured._id,
    });
    expect(api.calls.filter((call) => call.path === '/quests/my-dashboard')).toHaveLength(2);
    await waitFor(() => expect(currentUser()?.xp).toBe(640));
  });

  it('shows the error page with Try Again when the dashboard fails', async () => {
    let calls = 0;
    api.on('GET', '/quests/my-dashboard', () => {
      calls += 1;
      return calls === 1 ? fail(500, 'dashboard is down') : ok(dashboard());
    });
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByText('dashboard is down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, asha!' })).toBeInTheDocument();
  });

  it('opens Quest Limit Reached when a fourth quest is started', async () => {
    api.on('POST', '/quest-progress/start', () =>
      fail(
        429,
        'You can only have 3 ongoing quests at a time. Complete or abandon one of your current quests to start a new adventure.',
      ),
    );
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Start Quest: Featured walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quest Limit Reached' });
    expect(
      within(dialog).getByText(
        'You can only have 3 ongoing quests at a time. Complete or abandon one of your current quests to start a new adventure.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('scrolls a carousel 280 px per click', async () => {
    renderApp('/');
    const featured = await screen.findByRole('list', { name: 'Featured Quests' });
    const scrollBy = vi.fn();
    featured.scrollBy = scrollBy;
    fireEvent.click(screen.getByRole('button', { name: 'Next: Featured Quests' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: CAROUSEL_STEP, behavior: 'smooth' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous: Featured Quests' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -CAROUSEL_STEP, behavior: 'smooth' });
    expect(CAROUSEL_STEP).toBe(280);
  });

  it('shows a failed row with Try Again', async () => {
    let down = true;
    api.on('GET', '/quests/popular', () =>
      down ? fail(500, 'popular is down') : ok([aQuestNamed('Popular again')]),
    );
    const user = userEvent.setup();
    renderApp('/');
    const popular = await waitFor(() => section('Popular Quests'));
    expect(await within(popular).findByText('popular is down')).toBeInTheDocument();
    down = false;
    await user.click(within(popular).getByRole('button', { name: 'Try Again' }));
    expect(await within(popular).findByRole('heading', { name: 'Popular again' })).toBeInTheDocument();
  });
});

describe('Browse by Category', () => {
  it('loads a category, shows its quests, and hides on a second click or Close', async () => {
    api.on('GET', '/quests/category/HiddenGems', () => ok(page([aQuestNamed('Secret stepwell')])));
    const user = userEvent.setup();
    renderApp('/');
    const tile = await screen.findByRole('button', { name: 'Show Hidden Gems quests' });
    await user.click(tile);
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: 'Secret stepwell' })).toBeInTheDocument();
    await user.click(tile);
    expect(screen.queryByRole('heading', { name: 'Secret stepwell' })).not.toBeInTheDocument();
    await user.click(tile);
    await screen.findByRole('heading', { name: 'Secret stepwell' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Secret stepwell' })).not.toBeInTheDocument();
  });

  it('shows loading, the failure with Try Again, and the empty category', async () => {
    let calls = 0;
    api.on('GET', '/quests/category/Food', () => {
      calls += 1;
      return calls === 1 ? fail(500, 'category down') : ok(page([]));
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Show Food quests' }));
    expect(await screen.findByRole('heading', { name: 'Failed to load quests' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'No quests found in this category yet' }),
    ).toBeInTheDocument();
  });
});
