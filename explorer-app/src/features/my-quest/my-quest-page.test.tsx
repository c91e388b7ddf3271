import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import type { MyProfile, ProgressSummary, QuestDashboard, QuestSummary } from '../../lib/quests/quest-api.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
import { aQuestNamed, taskIdOf } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

const me = aUser();
const profile = (overrides: Partial<MyProfile> = {}) =>
  aMyProfile(me, {
    lastLogin: '2026-11-20T08:15:00.000Z',
    displayName: 'Asha Verma',
    totalXP: 620,
    categoryXP: { Art: 420, Food: 200, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 },
    profileCompleteness: 100,
    questsCompleted: 9,
    questsOngoing: 2,
    questsCreated: 2,
    currentStreak: 3,
    badgesEarned: 3,
    distanceExplored: 14.2,
    ...overrides,
  });
const progressOf = (quest: QuestSummary, overrides: Partial<ProgressSummary> = {}): ProgressSummary => ({
  _id: quest._id.replace('00000000', '11111111'),
  quest_id: quest,
  user_id: me._id,
  status: 'ongoing',
  completed_tasks: [taskIdOf(1)],
  total_tasks: 4,
  progress: 25,
  xpEarned: 0,
  startedAt: '2026-11-09T17:00:00.000Z',
  completedAt: null,
  updatedAt: '2026-11-10T09:12:00.000Z',
  ...overrides,
});

const lodhi = aQuestNamed('Murals of Lodhi Colony');
const chowk = aQuestNamed('Food of Chandni Chowk');
const dashboard = (overrides: Partial<QuestDashboard> = {}): QuestDashboard => ({
  ongoingQuests: [progressOf(lodhi), progressOf(chowk)],
  completedQuests: [
    progressOf(aQuestNamed('Forts of Jaipur'), {
      status: 'completed',
      completedAt: '2026-11-01T10:00:00.000Z',
    }),
  ],
  userCreatedQuests: [
    aQuestNamed('My approved walk', {
      status: 'approved',
      participants: 5,
      createdAt: '2026-10-05T10:00:00.000Z',
    }),
    aQuestNamed('My pending walk', { status: 'pending', participants: 0 }),
  ],
  recommendedQuests: [aQuestNamed('Recommended one'), aQuestNamed('Recommended two')],
  stats: { totalCompleted: 1, totalOngoing: 2, totalCreated: 2, ongoingLimit: 3 },
  ...overrides,
});

const listPage = <T,>(quests: T[], currentPage: number, totalPages: number, totalQuests: number) => ({
  quests,
  pagination: {
    currentPage,
    totalPages,
    totalQuests,
    totalCapped: false,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
  },
});

let api: ReturnType<typeof setupApi>;
/** What the server holds: a change (abandon, delete) shows in the next dashboard it answers. */
let board: QuestDashboard;
beforeAll(() => loadNamespaces('quests', 'create'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  api.on('GET', '/users/current-user', () => ok(me));
  await signIn();
  await i18n.changeLanguage('en');
  board = dashboard();
  api.on('GET', '/quests/my-dashboard', () => ok(board));
  api.on('GET', '/users/my-profile', () => ok(profile()));
});

describe('My Quest', () => {
  it('shows the welcome, last login in UTC, stats and every block from the server', async () => {
    renderApp('/my-quest');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Last login: Nov 20, 2026.*08:15 UTC/)).toBeInTheDocument();
    const stats = screen.getByLabelText('Your stats');
    const pairs: [string, string][] = [
      ['Level', '2'],
      ['Total XP', '620'],
      ['Quests Completed', '9'],
      ['Day Streak', '3'],
    ];
    for (const [label, value] of pairs) {
      expect(within(stats).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByText('You can start 1 more quest(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Continue Quest' })[0]).toHaveAttribute(
      'href',
      `/quest-in-progress/${lodhi._id}`,
    );
    expect(screen.getByRole('link', { name: 'Create Quest' })).toHaveAttribute('href', '/create-quest');
    // One card per view on a phone, with a next button for the rest.
    expect(screen.getByRole('heading', { name: 'Recommended one' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recommended two' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next Recommended For You' }));
    expect(screen.getByRole('heading', { name: 'Recommended two' })).toBeInTheDocument();
    // Created quests carry status, participants and date.
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('5 participants')).toBeInTheDocument();
    expect(screen.getByText(/Created on Oct 5, 2026/)).toBeInTheDocument();
    // Completed quests.
    expect(screen.getByRole('heading', { name: 'Forts of Jaipur' })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it.each([
    [{ displayName: '', username: 'asha', fullName: 'Asha Verma' }, 'Welcome, asha!'],
    [{ displayName: '', username: '', fullName: 'Asha Verma' }, 'Welcome, Asha Verma!'],
    [{ displayName: '', username: '', fullName: '' }, 'Welcome, Adventure Seeker!'],
  ])('greets with the first name it has (%o)', async (names, greeting) => {
    api.on('GET', '/users/my-profile', () => ok(profile(names)));
    renderApp('/my-quest');
    expect(await screen.findByRole('heading', { level: 1, name: greeting })).toBeInTheDocument();
  });

  it('abandons an ongoing quest after confirming', async () => {
    api.on('DELETE', `/quest-progress/${lodhi._id}`, () => {
      board = dashboard({
        ongoingQuests: [progressOf(chowk)],
        stats: { ...board.stats, totalOngoing: 1 },
      });
      return ok({ _id: lodhi._id });
    });
    const user = userEvent.setup();
    renderApp('/my-quest');
    await user.click(await screen.findByRole('button', { name: 'Abandon Murals of Lodhi Colony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandon quest?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Abandon Murals of Lodhi Colony' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abandon Quest' }),
    );
    expect(await screen.findByText('"Murals of Lodhi Colony" was abandoned.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Murals of Lodhi Colony' })).not.toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByText('You can start 2 more quest(s)')).toBeInTheDocument();
  });

  it("keeps the quest and shows the server's message when abandoning fails", async () => {
    api.on('DELETE', `/quest-progress/${lodhi._id}`, () =>
      fail(409, 'A completed quest cannot be abandoned'),
    );
    const user = userEvent.setup();
    renderApp('/my-quest');
    await user.click(await screen.findByRole('button', { name: 'Abandon Murals of Lodhi Colony' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abandon Quest' }),
    );
    expect(await screen.findByText('A completed quest cannot be abandoned')).toBeInTheDocument();
  });

  it('offers Edit and Delete for pending or rejected created quests, deleting after confirming', async () => {
    const pendingWalk = aQuestNamed('My pending walk', { status: 'pending', participants: 0 });
    const rejectedWalk = aQuestNamed('My rejected walk', { status: 'rejected', rejectionReason: 'Blurry' });
    const approvedWalk = aQuestNamed('My approved walk', { status: 'approved', participants: 5 });
    board = dashboard({
      userCreatedQuests: [pendingWalk, rejectedWalk, approvedWalk],
      stats: { ...board.stats, totalCreated: 3 },
    });
    api.on('DELETE', `/quests/${pendingWalk._id}`, () => {
      board = dashboard({
        userCreatedQuests: [rejectedWalk, approvedWalk],
        stats: { ...board.stats, totalCreated: 2 },
      });
      return ok({ _id: pendingWalk._id, questId: pendingWalk._id }, 'Quest deleted');
    });
    const user = userEvent.setup();
    renderApp('/my-quest');
    expect(await screen.findByRole('link', { name: 'Edit My pending walk' })).toHaveAttribute(
      'href',
      `/edit-quest/${pendingWalk._id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Delete My pending walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete quest?' });
    expect(dialog).toHaveTextContent('"My pending walk" will be permanently removed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete My pending walk' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Quest' }));
    expect(await screen.findByText('"My pending walk" was deleted.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/quests/${pendingWalk._id}`,
    ]);
    expect(screen.queryByRole('heading', { name: 'My pending walk' })).not.toBeInTheDocument();
    // The rejected quest is next, with its own actions; an approved one has none.
    expect(screen.getByRole('link', { name: 'Edit My rejected walk' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next My Created Quests' }));
    expect(screen.getByRole('heading', { name: 'My approved walk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit My/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete My/ })).not.toBeInTheDocument();
  });

  it("keeps the created quest and shows the server's message when deleting fails", async () => {
    const pendingWalk = aQuestNamed('My pending walk', { status: 'pending' });
    board = dashboard({ userCreatedQuests: [pendingWalk], stats: { ...board.stats, totalCreated: 1 } });
    api.on('DELETE', `/quests/${pendingWalk._id}`, () => fail(403, 'Only the creator can delete this quest'));
    const user = userEvent.setup();
    renderApp('/my-quest');
    await user.click(await screen.findByRole('button', { name: 'Delete My pending walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete quest?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Quest' }));
    expect(await within(dialog).findByText('Only the creator can delete this quest')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Quest' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'My pending walk' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    board = dashboard({
      ongoingQuests: [],
      completedQuests: [],
      userCreatedQuests: [],
      recommendedQuests: [],
      stats: { totalCompleted: 0, totalOngoing: 0, totalCreated: 0, ongoingLimit: 3 },
    });
    renderApp('/my-quest');
    expect(await screen.findByText('No ongoing quests yet. Find one to start!')).toBeInTheDocument();
    expect(screen.getByText('0 / 3')).toBeInTheDocument();
    expect(screen.getByText('You can start 3 more quest(s)')).toBeInTheDocument();
    expect(screen.getByText('You have not created any quests yet.')).toBeInTheDocument();
    expect(screen.getByText('No completed quests yet.')).toBeInTheDocument();
    expect(screen.getByText('No recommendations yet.')).toBeInTheDocument();
  });

  const older = progressOf(aQuestNamed('Ghats of Varanasi'), {
    status: 'completed',
    completedAt: '2026-09-01T10:00:00.000Z',
  });
  /** The completed list's first page repeats the dashboard's quest, then has an older one. */
  const answerCompleted = () => {
    board = dashboard({ stats: { ...board.stats, totalCompleted: 2 } });
    const asked: string[] = [];
    api.on('GET', '/users/completed-quests', (request) => {
      asked.push(new URL(request.url).search);
      return ok(listPage([...board.completedQuests, older], 1, 1, 2));
    });
    return asked;
  };

  it('loads the rest of the completed quests from their own list, and keeps how far in the URL', async () => {
    const asked = answerCompleted();
    const user = userEvent.setup();
    const { router } = renderApp('/my-quest');
    await user.click(await screen.findByRole('button', { name: 'Show more completed quests' }));
    expect(await screen.findByRole('heading', { name: 'Ghats of Varanasi' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forts of Jaipur' })).toBeInTheDocument();
    expect(asked).toEqual(['?page=1&limit=20']);
    expect(screen.queryByRole('button', { name: 'Show more completed quests' })).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({ completed: 2 });

    // Away and back: the list is as long as it was, from the cache.
    await router.navigate({ to: '/explore' });
    router.history.back();
    expect(await screen.findByRole('heading', { name: 'Ghats of Varanasi' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ completed: 2 });
    expect(asked).toHaveLength(1);
  });

  it('opens with as many completed quests as the URL asks for', async () => {
    const asked = answerCompleted();
    renderApp('/my-quest?completed=2');
    expect(await screen.findByRole('heading', { name: 'Ghats of Varanasi' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Forts of Jaipur' })).toHaveLength(1);
    expect(asked).toEqual(['?page=1&limit=20']);
  });

  it('ignores a list length in the URL that is not a page number', async () => {
    const asked = answerCompleted();
    const { router } = renderApp('/my-quest?completed=many');
    expect(await screen.findByRole('button', { name: 'Show more completed quests' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ghats of Varanasi' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(router.state.location.search).toEqual({});
  });

  it("loads more created quests 10 at a time after the dashboard's 10", async () => {
    const mine = Array.from({ length: 12 }, (_, index) =>
      aQuestNamed(`My walk ${index + 1}`, { status: 'approved', participants: index }),
    );
    board = dashboard({ userCreatedQuests: mine.slice(0, 10), stats: { ...board.stats, totalCreated: 12 } });
    const asked: string[] = [];
    api.on('GET', '/quests/my-quests', (request) => {
      const query = new URL(request.url).searchParams;
      asked.push(`?${query}`);
      return query.get('page') === '2' ? ok(listPage(mine.slice(10), 2, 2, 12)) : fail(500, 'wrong page');
    });
    const user = userEvent.setup();
    const { router } = renderApp('/my-quest');
    await user.click(await screen.findByRole('button', { name: 'Show more of my quests' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ created: 2 }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show more of my quests' })).not.toBeInTheDocument(),
    );
    expect(asked).toEqual(['?page=2&limit=10']);
    // One card per view here: the carousel now runs to the twelfth.
    for (let view = 1; view < 12; view += 1) {
      await user.click(screen.getByRole('button', { name: 'Next My Created Quests' }));
    }
    expect(screen.getByRole('heading', { name: 'My walk 12' })).toBeInTheDocument();
  });

  it("shows the list's error under it, and Show more asks again", async () => {
    board = dashboard({ stats: { ...board.stats, totalCompleted: 2 } });
    let answer = () => fail(500, 'list is down');
    api.on('GET', '/users/completed-quests', () => answer());
    const user = userEvent.setup();
    renderApp('/my-quest');
    await user.click(await screen.findByRole('button', { name: 'Show more completed quests' }));
    const completed = screen.getByRole('region', { name: 'Completed Quests' });
    expect(await within(completed).findByText('list is down')).toBeInTheDocument();
    answer = () => ok(listPage([...board.completedQuests, older], 1, 1, 2));
    await user.click(within(completed).getByRole('button', { name: 'Show more completed quests' }));
    expect(await within(completed).findByRole('heading', { name: 'Ghats of Varanasi' })).toBeInTheDocument();
    expect(within(completed).queryByText('list is down')).not.toBeInTheDocument();
  });

  it('starts loading the dashboard when the My Quest link is hovered', async () => {
    api.on('GET', '/quests', () => ok(listPage([], 1, 1, 0)));
    const user = userEvent.setup();
    renderApp('/explore');
    const [link] = await screen.findAllByRole('link', { name: 'My Quest' });
    expect(api.calls.some((call) => call.path === '/quests/my-dashboard')).toBe(false);
    await user.hover(link as HTMLElement);
    await waitFor(() => expect(api.calls.some((call) => call.path === '/quests/my-dashboard')).toBe(true));
  });

  it('shows loading, then the error with Retry that loads again', async () => {
    let calls = 0;
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    api.on('GET', '/quests/my-dashboard', async () => {
      calls += 1;
      if (calls > 1) return ok(dashboard());
      await firstAnswered;
      return fail(500, 'database down');
    });
    const user = userEvent.setup();
    renderApp('/my-quest');
    // The route shows its loading text once the answer takes a moment.
    expect(await screen.findByText('Loading your quests...', {}, { timeout: 3000 })).toBeInTheDocument();
    answerFirst();
    expect(
      await screen.findByRole('heading', { name: 'Error loading quests: database down' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma!' }),
    ).toBeInTheDocument();
  });
});
