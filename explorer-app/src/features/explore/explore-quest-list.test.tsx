import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import type { QuestSummary } from '../../lib/quests/quest-api.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
import { aQuest, aQuestNamed } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

// MapLibre needs WebGL, which jsdom lacks.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const twelve = Array.from({ length: 12 }, (_, index) => aQuestNamed(`Quest ${index + 1}`));
const page = (quests: QuestSummary[], currentPage = 1, totalPages = 2, totalCapped = false) => ({
  quests,
  pagination: {
    currentPage,
    totalPages,
    totalQuests: totalCapped ? 1000 : 14,
    totalCapped,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
  },
});

let api: ReturnType<typeof setupApi>;
let listAnswer: (query: URLSearchParams) => { status: number; body: unknown };
let mapAnswer: () => { status: number; body: unknown };
const listQueries: URLSearchParams[] = [];
// A typed search reaches the address 300 ms after the last key, and every key is its own render: on a busy
// 2-core host that is well past waitFor's default second, so these waits allow for it.
const SEARCH_SETTLES = { timeout: 10_000 };

beforeAll(() => loadNamespaces('quests'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  listQueries.length = 0;
  mapAnswer = () => ok(page([], 1, 1));
  listAnswer = (query) =>
    query.get('page') === '2'
      ? ok(page([aQuestNamed('Quest 13'), aQuestNamed('Quest 14')], 2))
      : ok(page(twelve));
  api.on('GET', '/quests', (request) => {
    const query = new URL(request.url).searchParams;
    // The map above the list asks for its own 50.
    if (query.get('limit') === '50') return mapAnswer();
    listQueries.push(query);
    return listAnswer(query);
  });
});

const groupOf = (title: string) => {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  return within(heading.parentElement as HTMLElement)
    .getAllByRole('heading', { level: 4 })
    .map((item) => item.textContent);
};

describe('Explore quest list', () => {
  it('keeps the map and lists page 1 of 12 in groups of 3, 4 and the rest', async () => {
    renderApp('/explore');
    expect(await screen.findByRole('heading', { name: 'Quests Near You' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(groupOf('Top Picks')).toEqual(['Quest 1', 'Quest 2', 'Quest 3']);
    expect(groupOf('Trending Now')).toEqual(['Quest 4', 'Quest 5', 'Quest 6', 'Quest 7']);
    expect(groupOf('More to Discover')).toEqual(['Quest 8', 'Quest 9', 'Quest 10', 'Quest 11', 'Quest 12']);
    expect(screen.getByText('14 quests')).toBeInTheDocument();
    const first = listQueries[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('12');
  });

  it("counts the map's quests, and offers Try Again when they fail to load", async () => {
    mapAnswer = () => fail(500, 'map list is down');
    const user = userEvent.setup();
    renderApp('/explore');
    const nearYou = within(
      (await screen.findByRole('heading', { name: 'Quests Near You' })).closest('section') as HTMLElement,
    );
    expect(await nearYou.findByText('map list is down')).toBeInTheDocument();
    expect(nearYou.queryByText(/quests found/)).not.toBeInTheDocument();
    mapAnswer = () => ok(page(twelve, 1, 1));
    await user.click(nearYou.getByRole('button', { name: 'Try Again' }));
    // The count arrives with the answer but stays hidden until the map's quests finish rendering in the
    // background (useBackgroundRender), however long that takes on the machine.
    await waitFor(() => expect(nearYou.getByText('14 quests found')).toBeVisible());
    expect(nearYou.queryByText('map list is down')).not.toBeInTheDocument();
  });

  it('searches, filters, sorts and pages with the server', async () => {
    const user = userEvent.setup();
    renderApp('/explore');
    await screen.findByRole('heading', { name: 'Top Picks' });
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();
    expect(listQueries.at(-1)?.get('page')).toBe('2');

    await user.type(screen.getByLabelText('Search quests'), 'murals');
    await waitFor(() => expect(listQueries.at(-1)?.get('searchQuery')).toBe('murals'), SEARCH_SETTLES);
    expect(listQueries.at(-1)?.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Category'), 'HiddenGems');
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('HiddenGems'));
    expect(listQueries.at(-1)?.get('searchQuery')).toBe('murals');

    await user.selectOptions(screen.getByLabelText('Difficulty'), 'Hard');
    await waitFor(() => expect(listQueries.at(-1)?.get('difficulty')).toBe('Hard'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    await waitFor(() => expect(listQueries.at(-1)?.get('sortBy')).toBe('rating'));
  });

  it('shows a search total the server stopped counting as 1,000+', async () => {
    listAnswer = (query) => (query.get('searchQuery') ? ok(page(twelve, 1, 84, true)) : ok(page(twelve)));
    renderApp('/explore?search=fort');
    expect(await screen.findByText('1,000+ quests')).toBeInTheDocument();
  });

  it('opens on the category in the URL', async () => {
    renderApp('/explore?category=Food');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('Food');
    expect(listQueries.map((query) => query.get('category'))).toEqual(['Food']);
  });

  it('ignores a category that does not exist', async () => {
    renderApp('/explore?category=Pizza');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(listQueries.map((query) => query.get('category'))).toEqual(['all']);
  });

  it('keeps the chosen category in the URL, and Back returns to the previous one and its page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/explore?category=Art');
    await screen.findByRole('heading', { name: 'Top Picks' });
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category: 'Art', page: 2 });

    await user.selectOptions(screen.getByLabelText('Category'), 'History');
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'History' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('History'));
    expect(listQueries.at(-1)?.get('page')).toBe('1');
    expect(await screen.findByRole('heading', { name: 'Quest 1' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'all');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.href).toBe('/explore');
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('all'));

    // Back shows the earlier lists again, from the cache: no request for what was just seen.
    const asked = listQueries.length;
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('History'));
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('Art'));
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(listQueries.length).toBe(asked);
  });

  it('opens on the page, filters, search and sort in the URL', async () => {
    renderApp('/explore?difficulty=Hard&page=2&search=murals&sort=rating&category=Art');
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();
    expect(listQueries).toHaveLength(1);
    const asked = Object.fromEntries(listQueries[0]?.entries() ?? []);
    expect(asked).toEqual({
      page: '2',
      limit: '12',
      searchQuery: 'murals',
      category: 'Art',
      difficulty: 'Hard',
      sortBy: 'rating',
    });
    expect(screen.getByLabelText('Difficulty')).toHaveValue('Hard');
    expect(screen.getByLabelText('Category')).toHaveValue('Art');
    expect(screen.getByLabelText('Sort by')).toHaveValue('rating');
    expect(screen.getByLabelText('Search quests')).toHaveValue('murals');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes each change to the URL, starting again at page 1, and leaves defaults out', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/explore?page=2');
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Difficulty'), 'Hard');
    await waitFor(() => expect(router.state.location.search).toEqual({ difficulty: 'Hard' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'xp');
    await waitFor(() => expect(router.state.location.search).toEqual({ difficulty: 'Hard', sort: 'xp' }));
    await user.type(screen.getByLabelText('Search quests'), ' forts ');
    await waitFor(
      () => expect(router.state.location.search).toEqual({ difficulty: 'Hard', sort: 'xp', search: 'forts' }),
      SEARCH_SETTLES,
    );
    await user.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2, search: 'forts' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'all');
    await user.clear(screen.getByLabelText('Search quests'));
    await waitFor(() => expect(router.state.location.href).toBe('/explore'), SEARCH_SETTLES);
  });

  it('writes the search once typing pauses, in place of the one before, and shows a search a link brings', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/explore');
    expect(await screen.findByRole('heading', { name: 'Quest 1' })).toBeInTheDocument();
    await router.navigate({ to: '/explore', search: { search: 'forts' } });
    await waitFor(() => expect(screen.getByLabelText('Search quests')).toHaveValue('forts'));
    await waitFor(() => expect(listQueries.at(-1)?.get('searchQuery')).toBe('forts'));

    await user.clear(screen.getByLabelText('Search quests'));
    await user.type(screen.getByLabelText('Search quests'), 'murals');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'murals' }), SEARCH_SETTLES);
    await waitFor(() => expect(listQueries.at(-1)?.get('searchQuery')).toBe('murals'));
    expect(screen.getByLabelText('Search quests')).toHaveValue('murals');

    // The typed search took the place of the linked one: Back returns to the list before the link.
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByLabelText('Search quests')).toHaveValue('');
  });

  it('stays on the quest a card opened when a search typed just before lands while that quest loads', async () => {
    let answerQuest = () => {};
    const questAsked = new Promise<void>((resolve) => {
      answerQuest = resolve;
    });
    api.on('GET', '/quests/{id}', async () => {
      await questAsked;
      return ok(aQuest({ _id: twelve[0]?._id, title: 'Quest 1' }));
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { router } = renderApp('/explore');
      await user.type(await screen.findByLabelText('Search quests'), 'murals');
      await user.click(await screen.findByRole('button', { name: 'Quest 1' }));
      // Past the search's pause while the quest page is still loading.
      await vi.advanceTimersByTimeAsync(1_000);
      answerQuest();
      expect(await screen.findByRole('heading', { level: 1, name: 'Quest 1' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/quest-overview/${twelve[0]?._id}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores unknown values in the URL', async () => {
    renderApp('/explore?difficulty=Extreme&page=-3&sort=random&search=%20%20');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(Object.fromEntries(listQueries[0]?.entries() ?? [])).toEqual({
      page: '1',
      limit: '12',
      category: 'all',
      difficulty: 'all',
      sortBy: 'newest',
    });
    expect(screen.getByLabelText('Difficulty')).toHaveValue('all');
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    let answerPage2 = () => {};
    const page2Asked = new Promise<void>((resolve) => {
      answerPage2 = resolve;
    });
    api.on('GET', '/quests', async (request) => {
      const query = new URL(request.url).searchParams;
      if (query.get('limit') === '50') return mapAnswer();
      listQueries.push(query);
      if (query.get('page') === '2') await page2Asked;
      return listAnswer(query);
    });
    const user = userEvent.setup();
    renderApp('/explore');
    await screen.findByRole('heading', { name: 'Quest 1' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('page')).toBe('2'));
    expect(screen.getByRole('heading', { name: 'Quest 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading quests...')).not.toBeInTheDocument();
    answerPage2();
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quest 1' })).not.toBeInTheDocument();
  });

  it('clears the category from the URL with Clear filters', async () => {
    listAnswer = (query) => (query.get('category') === 'Culture' ? ok(page([], 1, 1)) : ok(page(twelve)));
    const user = userEvent.setup();
    const { router } = renderApp('/explore?category=Culture');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'Quest 1' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(screen.getByLabelText('Category')).toHaveValue('all');
  });

  it('shows the empty state with Clear filters, and the error with Try Again', async () => {
    listAnswer = (query) => (query.get('searchQuery') ? ok(page([], 1, 1)) : fail(500, 'list is down'));
    const user = userEvent.setup();
    renderApp('/explore');
    expect(await screen.findByText('list is down')).toBeInTheDocument();
    listAnswer = (query) => (query.get('searchQuery') ? ok(page([], 1, 1)) : ok(page(twelve)));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Quest 1' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search quests'), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No quests match your search' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'Quest 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search quests')).toHaveValue('');
  });

  it('starts loading the list when the Explore link is hovered', async () => {
    api.on('GET', '/quests/my-dashboard', () =>
      ok({
        ongoingQuests: [],
        completedQuests: [],
        userCreatedQuests: [],
        recommendedQuests: [],
        stats: { totalCompleted: 0, totalOngoing: 0, totalCreated: 0, ongoingLimit: 3 },
      }),
    );
    api.on('GET', '/users/my-profile', () => ok(aMyProfile(aUser())));
    const user = userEvent.setup();
    renderApp('/my-quest');
    const [link] = await screen.findAllByRole('link', { name: 'Explore' });
    await screen.findByText(/^Welcome, /);
    expect(listQueries).toHaveLength(0);
    await user.hover(link as HTMLElement);
    await waitFor(() => expect(listQueries.map((query) => query.get('limit'))).toEqual(['12']));
  });

  it('opens Quest Limit Reached when starting a fourth quest', async () => {
    api.on('POST', '/quest-progress/start', () => fail(429, 'You can only have 3 ongoing quests at a time.'));
    const user = userEvent.setup();
    renderApp('/explore');
    await user.click(await screen.findByRole('button', { name: 'Start Quest: Quest 1' }));
    expect(await screen.findByRole('dialog', { name: 'Quest Limit Reached' })).toBeInTheDocument();
  });
});
