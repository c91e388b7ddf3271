import { aUser } from '@cityquest/openapi/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import type { QuestSummary } from '../../lib/quests/quest-api.ts';
import { aQuestNamed } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

// MapLibre needs WebGL, which jsdom lacks.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const twelve = Array.from({ length: 12 }, (_, index) => aQuestNamed(`Quest ${index + 1}`));
const page = (quests: QuestSummary[], currentPage = 1, totalPages = 2) => ({
  quests,
  pagination: {
    currentPage,
    totalPages,
    totalQuests: 14,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
  },
});

let api: ReturnType<typeof setupApi>;
let listAnswer: (query: URLSearchParams) => { status: number; body: unknown };
let mapAnswer: () => { status: number; body: unknown };
const listQueries: URLSearchParams[] = [];

beforeAll(() => loadNamespaces('quests'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await useAuthStore.getState().login('asha', 'long-password');
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
    expect(await nearYou.findByText('14 quests found')).toBeVisible();
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
    await waitFor(() => expect(listQueries.at(-1)?.get('searchQuery')).toBe('murals'));
    expect(listQueries.at(-1)?.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Category'), 'HiddenGems');
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('HiddenGems'));
    expect(listQueries.at(-1)?.get('searchQuery')).toBe('murals');

    await user.selectOptions(screen.getByLabelText('Difficulty'), 'Hard');
    await waitFor(() => expect(listQueries.at(-1)?.get('difficulty')).toBe('Hard'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    await waitFor(() => expect(listQueries.at(-1)?.get('sortBy')).toBe('rating'));
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

  it('keeps the chosen category in the URL, and Back returns to the previous one', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/explore?category=Art');
    await screen.findByRole('heading', { name: 'Top Picks' });
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('heading', { name: 'Quest 13' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'History');
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'History' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('History'));
    expect(listQueries.at(-1)?.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Category'), 'all');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.href).toBe('/explore');
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('all'));

    router.history.back();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('History'));
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('History'));
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('Art'));
    await waitFor(() => expect(listQueries.at(-1)?.get('category')).toBe('Art'));
    expect(listQueries.at(-1)?.get('page')).toBe('1');
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

  it('opens Quest Limit Reached when starting a fourth quest', async () => {
    api.on('POST', '/quest-progress/start', () => fail(429, 'You can only have 3 ongoing quests at a time.'));
    const user = userEvent.setup();
    renderApp('/explore');
    await user.click(await screen.findByRole('button', { name: 'Start Quest: Quest 1' }));
    expect(await screen.findByRole('dialog', { name: 'Quest Limit Reached' })).toBeInTheDocument();
  });
});
