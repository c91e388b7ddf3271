import type { Schema } from '@cityquest/contract';
import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

type Leaderboard = Schema<'Leaderboard'>;
type Entry = Schema<'LeaderboardEntry'>;

let api: ReturnType<typeof setupApi>;
const me = aUser();
const person = (n: number, fullName: string, username: string) => ({
  _id: `9b2e6f1c-3d4a-4b5c-8d6e-${String(n).padStart(12, '0')}`,
  username,
  fullName,
  avatar: null,
});
const meera = {
  ...person(1, 'Meera Iyer', 'meera_walks'),
  avatar: 'https://files.cityquest.app/avatars/9b2e.webp',
};
const ravi = person(2, 'Ravi Kumar', 'ravi');
const mira = person(3, 'Mira Das', 'mira');
const mine = { _id: me._id, username: me.username, fullName: me.fullName, avatar: null };

const entry = (rank: number, xp: number, user: Entry['user'], isMe = false): Entry => ({
  rank,
  xp,
  level: Math.max(1, Math.floor(xp / 100)),
  user,
  isMe,
});
const WEEK = { startsAt: '2026-11-23T00:00:00.000Z', endsAt: '2026-11-30T00:00:00.000Z' };

/** A board as the server answers it (this week's, everyone's, unless told otherwise). */
const aBoard = (overrides: Partial<Leaderboard> = {}): Leaderboard => {
  const period = overrides.period ?? 'week';
  return {
    period,
    scope: 'overall',
    city: null,
    ...(period === 'week' ? WEEK : { startsAt: null, endsAt: null }),
    entries: [],
    me: null,
    cities: [],
    ...overrides,
  };
};

/** The three boards; every call is recorded as its path and query. */
function answerBoards(
  boards: Partial<Record<Leaderboard['scope'], (query: URLSearchParams) => Leaderboard>>,
) {
  const asked: string[] = [];
  const answer = (scope: Leaderboard['scope']) => (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`);
    const board = boards[scope];
    return board ? ok(board(url.searchParams)) : fail(500, 'No board in this test');
  };
  api.on('GET', '/leaderboard', answer('overall'));
  api.on('GET', '/leaderboard/friends', answer('friends'));
  api.on('GET', '/leaderboard/city', answer('city'));
  return asked;
}

const period = (query: URLSearchParams) => (query.get('period') ?? 'week') as Leaderboard['period'];
/** Text with its spaces (Intl's thin spaces around a date range's dash too) as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');
const boardList = (name: string) => screen.findByRole('list', { name });

beforeAll(() => loadNamespaces('leaderboard'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
});

describe('Leaderboard', () => {
  it("ranks this week's explorers with shared ranks, a private explorer unlinked and my rank below", async () => {
    const asked = answerBoards({
      overall: () =>
        aBoard({
          entries: [entry(1, 240, meera), entry(2, 180, ravi), entry(2, 180, null), entry(4, 120, mira)],
          me: entry(57, 10, mine, true),
        }),
    });
    renderApp('/leaderboard');
    const list = await boardList('Top explorers');
    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    // Monday to Sunday: the board ends at the next Monday 00:00 UTC.
    expect(screen.getByText('Mon, Nov 23 – Sun, Nov 29 (UTC)')).toBeInTheDocument();
    expect(rows(list).map((row) => plain(row.textContent))).toEqual([
      'Rank 11Meera Iyer@meera_walks · Level 2240 XP',
      'Rank 22Ravi Kumar@ravi · Level 1180 XP',
      'Rank 22Private explorerLevel 1180 XP',
      'Rank 44Mira Das@mira · Level 1120 XP',
    ]);
    expect(within(list).getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute(
      'href',
      `/profile/${meera._id}`,
    );
    // The private explorer is named as such, with no link and no picture.
    const hidden = rows(list)[2] as HTMLElement;
    expect(within(hidden).getByText('Private explorer')).toBeInTheDocument();
    expect(within(hidden).queryByRole('link')).toBeNull();
    expect(hidden.querySelector('img')).toBeNull();
    expect(rows(list)[0]?.querySelector('img')).toHaveAttribute('src', meera.avatar);
    expect(within(list).queryByText('You')).toBeNull();

    // Outside the first 50: my own row under Your rank, highlighted, to my own profile.
    expect(screen.getByRole('heading', { level: 2, name: 'Your rank' })).toBeInTheDocument();
    const mineList = screen.getByRole('list', { name: 'Your rank' });
    const [myRow] = rows(mineList);
    expect(myRow).toHaveAttribute('aria-current', 'true');
    expect(plain(myRow?.textContent ?? null)).toContain('Rank 57');
    expect(within(myRow as HTMLElement).getByText('You')).toBeInTheDocument();
    expect(within(myRow as HTMLElement).getByRole('link', { name: me.fullName })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(asked).toEqual(['/leaderboard?period=week']);
  });

  it('highlights my row in the list itself, without a second Your rank', async () => {
    answerBoards({
      overall: (query) =>
        aBoard({
          period: period(query),
          entries: [entry(1, 900, meera), entry(2, 620, mine, true)],
          me: entry(2, 620, mine, true),
        }),
    });
    renderApp('/leaderboard?period=all');
    const list = await boardList('Top explorers');
    expect(rows(list)[1]).toHaveAttribute('aria-current', 'true');
    expect(rows(list)[0]).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('heading', { name: 'Your rank' })).toBeNull();
    // All time has no dates.
    expect(screen.queryByText(/\(UTC\)/)).toBeNull();
  });

  it('asks for the chosen period and board, keeping them in the address', async () => {
    const asked = answerBoards({
      overall: (query) => aBoard({ period: period(query), entries: [entry(1, 240, meera)] }),
      friends: (query) => aBoard({ period: period(query), scope: 'friends', entries: [entry(1, 180, ravi)] }),
      city: (query) =>
        aBoard({
          period: period(query),
          scope: 'city',
          city: 'Mumbai',
          entries: [entry(1, 120, mira)],
          cities: ['Mumbai'],
        }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/leaderboard');
    await boardList('Top explorers');
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'This week' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Everyone' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'All time' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'all' }));
    await waitFor(() => expect(screen.queryByText(/\(UTC\)/)).toBeNull());

    await user.click(screen.getByRole('radio', { name: 'Friends' }));
    const friends = await boardList('You and your friends');
    expect(within(friends).getByRole('link', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ period: 'all', scope: 'friends' });

    await user.click(screen.getByRole('radio', { name: 'City' }));
    expect(await boardList('Top explorers in Mumbai')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'This week' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ scope: 'city' }));
    await waitFor(() => expect(asked).toHaveLength(5));
    expect(asked).toEqual([
      '/leaderboard?period=week',
      '/leaderboard?period=all',
      '/leaderboard/friends?period=all',
      '/leaderboard/city?period=all',
      '/leaderboard/city?period=week',
    ]);
  });

  it('reads the board from the address, ignoring what it cannot show', async () => {
    const asked = answerBoards({
      friends: (query) => aBoard({ period: period(query), scope: 'friends', entries: [entry(1, 180, ravi)] }),
    });
    renderApp('/leaderboard?period=month&scope=friends&city=Pune');
    expect(await boardList('You and your friends')).toBeInTheDocument();
    expect(asked).toEqual(['/leaderboard/friends?period=week']);
  });

  it("shows the answer's city and reads another one chosen in the select", async () => {
    const asked = answerBoards({
      city: (query) => {
        const city = query.get('city') ?? 'Mumbai';
        return aBoard({
          period: period(query),
          scope: 'city',
          city,
          entries: [entry(1, 300, city === 'Pune' ? ravi : meera)],
          me: null,
          cities: ['Mumbai', 'Pune'],
        });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/leaderboard?scope=city');
    expect(await boardList('Top explorers in Mumbai')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'City' });
    expect(select).toHaveValue('Mumbai');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mumbai', 'Pune']);
    expect(screen.getByText(/Complete a quest in Mumbai this week to join this board\./)).toBeInTheDocument();

    await user.selectOptions(select, 'Pune');
    const pune = await boardList('Top explorers in Pune');
    expect(within(pune).getByRole('link', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ scope: 'city', city: 'Pune' });
    expect(asked).toEqual(['/leaderboard/city?period=week', '/leaderboard/city?period=week&city=Pune']);
  });

  it('invites an explorer without a city to complete a quest', async () => {
    answerBoards({ city: () => aBoard({ scope: 'city' }) });
    renderApp('/leaderboard?scope=city');
    expect(
      await screen.findByRole('heading', { name: "Complete a quest to join your city's board" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore quests' })).toHaveAttribute('href', '/explore');
    expect(screen.queryByRole('combobox', { name: 'City' })).toBeNull();
  });

  it('says when a board is empty, and how to join it', async () => {
    answerBoards({ overall: (query) => aBoard({ period: period(query) }) });
    renderApp('/leaderboard?period=all');
    expect(
      await screen.findByRole('heading', { name: 'No explorers on this board yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Complete a quest to join this board.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore quests' })).toHaveAttribute('href', '/explore');
  });

  it('tells me how to join a board I am not on yet', async () => {
    answerBoards({ overall: () => aBoard({ entries: [entry(1, 240, meera)] }) });
    renderApp('/leaderboard');
    await boardList('Top explorers');
    expect(screen.getByText(/Complete a quest this week to join this board\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your rank' })).toBeNull();
  });

  it('invites me to add friends when I am alone on the friends board', async () => {
    answerBoards({
      friends: () =>
        aBoard({ scope: 'friends', entries: [entry(1, 60, mine, true)], me: entry(1, 60, mine, true) }),
    });
    renderApp('/leaderboard?scope=friends');
    const list = await boardList('You and your friends');
    expect(rows(list)).toHaveLength(1);
    expect(screen.getByText('Only you on this board so far')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find friends' })).toHaveAttribute('href', '/friends');
  });

  it('shows the server message with a retry when the board fails to load', async () => {
    let failing = true;
    api.on('GET', '/leaderboard', () =>
      failing ? fail(500, 'Leaderboard unavailable') : ok(aBoard({ entries: [entry(1, 240, meera)] })),
    );
    const user = userEvent.setup();
    renderApp('/leaderboard');
    expect(await screen.findByText('Leaderboard unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await boardList('Top explorers')).toBeInTheDocument();
  });

  it('keeps the choices on screen when another board fails to load', async () => {
    answerBoards({ overall: () => aBoard({ entries: [entry(1, 240, meera)] }) });
    const user = userEvent.setup();
    renderApp('/leaderboard');
    await boardList('Top explorers');
    await user.click(screen.getByRole('radio', { name: 'Friends' }));
    expect(await screen.findByText('No board in this test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Everyone' }));
    expect(await boardList('Top explorers')).toBeInTheDocument();
  });

  it("speaks the explorer's language", async () => {
    const spanish = aUser({
      settings: { ...me.settings, appPreferences: { language: 'es', theme: 'light' } },
    });
    api.on('POST', '/users/login', () => ok({ user: spanish, accessToken: 'a', refreshToken: 'r' }));
    await signIn();
    answerBoards({ overall: () => aBoard({ entries: [entry(1, 12400, null)] }) });
    renderApp('/leaderboard');
    const list = await boardList('Mejores exploradores');
    expect(screen.getByRole('heading', { level: 1, name: 'Clasificación' })).toBeInTheDocument();
    expect(within(list).getByText('Explorador privado')).toBeInTheDocument();
    expect(within(list).getByText('12.400 XP')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Esta semana' })).toBeChecked();
    expect(screen.getByText('lun, 23 nov – dom, 29 nov (UTC)')).toBeInTheDocument();
  });
});
