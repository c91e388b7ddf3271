import type { Schema } from '@cityquest/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Quest = Schema<'Quest'>;
type ActionLog = Schema<'ActionLog'>;

const MURALS = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
const BAZAAR = '4a1d3b0f-9e8c-4d2f-8b63-7c2e3f4a5b62';

function aQuest(overrides: Partial<Quest> = {}): Quest {
  return {
    _id: MURALS,
    title: 'Murals of Lodhi Colony',
    subtitle: '',
    description: 'Walk the lanes of Lodhi Colony and find five murals.',
    category: 'Art',
    difficulty: 'Easy',
    status: 'pending',
    rejectionReason: null,
    xp: 60,
    estimatedTime: '30-45 mins',
    tags: [],
    address: 'Lodhi Colony Market',
    city: 'New Delhi',
    state: 'Delhi',
    files: [{ file_url: 'https://files.cityquest.app/quests/4d1a.webp' }],
    location: null,
    featured: false,
    views: 0,
    completions: 0,
    averageRating: 0,
    totalReviews: 0,
    submittedBy: {
      _id: '7a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99',
      username: 'asha',
      fullName: 'Asha',
      avatar: null,
    },
    createdAt: '2026-10-03T09:00:00.000Z',
    updatedAt: '2026-10-03T09:00:00.000Z',
    pincode: '110003',
    type: 'Solo Adventure',
    proofInstructions: '',
    accessibilityNotes: '',
    tasks: [],
    tips: [],
    routes: [
      {
        start_location: 'Lodhi Colony Market',
        start_coordinates: null,
        end_location: 'Meherchand Market',
        end_coordinates: null,
        waypoints: [],
      },
    ],
    ratingBreakdown: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    recentReviews: [],
    progress: null,
    ...overrides,
  };
}

function aLog(overrides: Partial<ActionLog> = {}): ActionLog {
  return {
    _id: crypto.randomUUID(),
    action_type: 'user_promotion',
    admin_id: { _id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b11', username: 'meera', role: 'admin' },
    target_type: 'user',
    target_id: null,
    details: { username: 'ravi', previousRole: 'user', newRole: 'admin' },
    reason: null,
    result: 'success',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

let api: ReturnType<typeof setupApi>;

/** When the server computed the counters (it shares them for 30 seconds). */
const AS_OF = '2026-11-26T12:04:00.000Z';

type FlatCounters = {
  totalUsers: number;
  activeUsers: number;
  newUsersToday: number;
  totalQuests: number;
  pendingQuests: number;
  approvedQuests: number;
  rejectedQuests: number;
  monthlyGrowth: number;
  systemHealth: { status: 'ok'; database: 'pglite' | 'postgres'; uptimeSeconds: number };
  pendingProofs: number;
};

/**
 * GET /admin/dashboard's answer: the counters flat and in their groups
 * (docs/product-rules/api-shapes.md#admin-dashboard-shape).
 */
const dashboardAnswer = (counters: FlatCounters) => ({
  asOf: AS_OF,
  ...counters,
  userManagement: {
    totalUsers: counters.totalUsers,
    activeUsers: counters.activeUsers,
    newUsersToday: counters.newUsersToday,
  },
  questManagement: {
    totalQuests: counters.totalQuests,
    pendingQuests: counters.pendingQuests,
    approvedQuests: counters.approvedQuests,
    rejectedQuests: counters.rejectedQuests,
  },
  analytics: { monthlyGrowth: counters.monthlyGrowth },
  proofVerification: { pendingProofs: counters.pendingProofs },
});

/** A small moderation server: approving or rejecting moves a quest out of the pending list and counters. */
function serveDashboard({
  pending = [aQuest(), aQuest({ _id: BAZAAR, title: 'Chandni Chowk Bites' })],
} = {}) {
  queries = {};
  const state = { pending: [...pending], approved: 64, rejected: 4, logs: [aLog()] };
  const totalPending = () => state.pending.length + 5;
  api.on('GET', '/admin/dashboard', () =>
    ok(
      dashboardAnswer({
        totalUsers: 1540,
        activeUsers: 61,
        newUsersToday: 3,
        totalQuests: totalPending() + state.approved + state.rejected,
        pendingQuests: totalPending(),
        approvedQuests: state.approved,
        rejectedQuests: state.rejected,
        monthlyGrowth: -3.5,
        systemHealth: { status: 'ok', database: 'postgres', uptimeSeconds: 90_000 },
        pendingProofs: 7,
      }),
    ),
  );
  api.on('GET', '/admin/quests/pending', (request) => {
    recordQuery(request);
    return ok({
      quests: state.pending,
      pagination: {
        currentPage: 1,
        totalPages: 2,
        totalQuests: totalPending(),
        totalCapped: false,
        hasNextPage: true,
        hasPreviousPage: false,
      },
      statusStats: { total: 0, pending: totalPending(), approved: state.approved, rejected: state.rejected },
    });
  });
  api.on('GET', '/admin/action-logs', (request) => {
    recordQuery(request);
    return ok({
      logs: state.logs,
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalLogs: state.logs.length,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    });
  });
  const decide = (id: string, approved: boolean) => {
    const quest = state.pending.find((item) => item._id === id);
    if (!quest) return fail(409, 'Only pending quests can be moderated');
    state.pending = state.pending.filter((item) => item._id !== id);
    if (approved) state.approved += 1;
    else state.rejected += 1;
    state.logs = [
      aLog({
        action_type: approved ? 'quest_approval' : 'quest_rejection',
        target_type: 'quest',
        details: { questTitle: quest.title },
        createdAt: new Date().toISOString(),
      }),
      ...state.logs,
    ];
    return ok({ ...quest, status: approved ? 'approved' : 'rejected' });
  };
  api.on('PATCH', `/admin/quests/${MURALS}/approve`, () => decide(MURALS, true));
  api.on('PATCH', `/admin/quests/${MURALS}/reject`, () => decide(MURALS, false));
  return state;
}

const callsTo = (path: string) => api.calls.filter((call) => call.path === path);
let queries: Record<string, Record<string, string>[]> = {};
/** Records the query string of each call to a path. */
const recordQuery = (request: Request) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api\/v1/, '');
  queries[path] = [...(queries[path] ?? []), Object.fromEntries(url.searchParams)];
};

async function openDashboard() {
  const view = renderApp('/admin/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
  return view;
}

const counter = (name: string) => screen.getByRole('article', { name });
const pendingList = () => screen.getByRole('list', { name: 'Pending quest approvals' });

beforeEach(() => {
  api = setupApi();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('admin dashboard', () => {
  it('greets the admin, shows the role and offers the quick actions', async () => {
    serveDashboard();
    signInAs('admin', { fullName: 'Meera Admin' });
    await openDashboard();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Welcome, Meera Admin')).toBeInTheDocument();
    expect(within(main).getByText('Your role: Admin')).toBeInTheDocument();
    const actions = within(main).getByRole('region', { name: 'Quick actions' });
    const links = within(actions).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/quests',
      '/admin/users',
      '/admin/analytics',
      '/admin/reports',
    ]);
    expect(within(actions).getByRole('link', { name: /^Review Quests/ })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: /^User Management/ })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: /^Analytics/ })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: /^Reports/ })).toBeInTheDocument();
  });

  it('adds the Super Dashboard for a super admin', async () => {
    serveDashboard();
    signInAs('super_admin', { fullName: 'Sara Super' });
    renderApp('/admin/dashboard');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Your role: Super Admin')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Super Dashboard/ })).toHaveAttribute(
      'href',
      '/admin/super-dashboard',
    );
  });

  it('opens the analytics view from its quick action', async () => {
    serveDashboard();
    api.on('GET', '/admin/analytics', () =>
      ok({
        asOf: AS_OF,
        timeframe: '30d',
        dailyActiveUsers: 1,
        weeklyActiveUsers: 2,
        monthlyActiveUsers: 3,
        totalQuestsCompleted: 0,
        totalXPAwarded: 0,
        popularCategories: [],
      }),
    );
    signInAs('admin');
    const { router } = await openDashboard();
    await userEvent.click(screen.getByRole('link', { name: /^Analytics/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/analytics');
  });

  it('shows the counters the server gives', async () => {
    serveDashboard();
    signInAs('admin');
    await openDashboard();
    expect(
      await within(await screen.findByRole('article', { name: 'Pending quests' })).findByText('7'),
    ).toBeVisible();
    expect(within(counter('Approved quests')).getByText('64')).toBeInTheDocument();
    expect(within(counter('Approved quests')).getByText('4 rejected')).toBeInTheDocument();
    expect(within(counter('Total users')).getByText('1,540')).toBeInTheDocument();
    expect(within(counter('Active users')).getByText('61')).toBeInTheDocument();
    expect(within(counter('New users today')).getByText('3')).toBeInTheDocument();
    expect(within(counter('Pending proofs')).getByText('7')).toBeInTheDocument();
    expect(
      within(counter('Pending proofs')).getByRole('link', { name: 'Review task proofs' }),
    ).toHaveAttribute('href', '/admin/proofs');
    expect(within(counter('Monthly growth')).getByText('-3.5%')).toBeInTheDocument();
    expect(within(counter('System health')).getByText('Operational')).toBeInTheDocument();
    expect(within(counter('System health')).getByText('PostgreSQL, up 1 d 1 h')).toBeInTheDocument();
    // When the counters were computed, in the admin's own time.
    const asOf = screen.getByText('As of').querySelector('time');
    expect(asOf?.getAttribute('datetime')).toBe(AS_OF);
    expect(asOf?.textContent).toMatch(/^\d{2}:\d{2}$/);
  });

  it("shows 'Failed to fetch admin dashboard' when the counters fail without a message, and retries", async () => {
    serveDashboard();
    let failing = true;
    api.on('GET', '/admin/dashboard', () =>
      failing
        ? { status: 500, body: {} }
        : ok(
            dashboardAnswer({
              totalUsers: 2,
              activeUsers: 1,
              newUsersToday: 0,
              totalQuests: 0,
              pendingQuests: 0,
              approvedQuests: 0,
              rejectedQuests: 0,
              monthlyGrowth: 0,
              systemHealth: { status: 'ok', database: 'pglite', uptimeSeconds: 120 },
              pendingProofs: 0,
            }),
          ),
    );
    signInAs('admin');
    await openDashboard();
    const banner = await screen.findByText('Failed to fetch admin dashboard');
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    failing = false;
    await userEvent.click(
      within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try Again' }),
    );
    expect(await screen.findByText('Embedded database, up 2 min')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch admin dashboard')).toBeNull();
  });

  it('lists the oldest pending quests, page 1 limit 5', async () => {
    serveDashboard();
    signInAs('admin');
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Pending quest approvals' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Murals of Lodhi Colony')).toBeInTheDocument();
    expect(within(list).getByText('Chandni Chowk Bites')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 7 pending quests')).toBeInTheDocument();
    expect(queries['/admin/quests/pending']).toEqual([{ page: '1', limit: '5' }]);
    expect(screen.getByRole('link', { name: 'Review all quests' })).toHaveAttribute('href', '/admin/quests');
  });

  it("shows the admin's own pending quest without Approve or Reject", async () => {
    serveDashboard();
    signInAs('admin', { _id: '7a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99' });
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Pending quest approvals' });
    const own = within(list).getByText('Murals of Lodhi Colony').closest('li') as HTMLElement;
    expect(within(own).getByText('Your own quest: another admin approves or rejects it')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(own).queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it('approves a quest, then refreshes the counters, the list and the recent activity', async () => {
    serveDashboard();
    signInAs('admin');
    await openDashboard();
    await screen.findByRole('list', { name: 'Pending quest approvals' });
    await within(await screen.findByRole('region', { name: 'Recent activity' })).findByText(
      'Promoted ravi from user to admin',
    );
    const before = {
      counters: callsTo('/admin/dashboard').length,
      pending: callsTo('/admin/quests/pending').length,
      logs: callsTo('/admin/action-logs').length,
    };

    await userEvent.click(screen.getByRole('button', { name: 'Approve Murals of Lodhi Colony' }));

    expect(await screen.findByText('"Murals of Lodhi Colony" is approved and now live.')).toBeInTheDocument();
    const approve = api.calls.find((call) => call.method === 'PATCH');
    expect(approve).toMatchObject({
      path: `/admin/quests/${MURALS}/approve`,
      body: { feedback: 'Quest approved by admin', seenUpdatedAt: '2026-10-03T09:00:00.000Z' },
      auth: 'Bearer access-1',
    });
    await waitFor(() => expect(within(pendingList()).queryByText('Murals of Lodhi Colony')).toBeNull());
    expect(callsTo('/admin/dashboard').length).toBe(before.counters + 1);
    expect(callsTo('/admin/quests/pending').length).toBe(before.pending + 1);
    expect(callsTo('/admin/action-logs').length).toBe(before.logs + 1);
    expect(await within(counter('Approved quests')).findByText('65')).toBeInTheDocument();
    expect(within(counter('Pending quests')).getByText('6')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Recent activity' })).findByText(
        'Approved quest "Murals of Lodhi Colony"',
      ),
    ).toBeInTheDocument();
  });

  it("quick-rejects a quest with 'Does not meet guidelines' and refreshes", async () => {
    serveDashboard();
    signInAs('admin');
    await openDashboard();
    await screen.findByRole('list', { name: 'Pending quest approvals' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Reject Murals of Lodhi Colony: does not meet guidelines' }),
    );
    expect(
      await screen.findByText('"Murals of Lodhi Colony" is rejected: Does not meet guidelines.'),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: `/admin/quests/${MURALS}/reject`,
      body: { reason: 'Does not meet guidelines' },
    });
    await waitFor(() => expect(within(pendingList()).queryByText('Murals of Lodhi Colony')).toBeNull());
    expect(await within(counter('Approved quests')).findByText('5 rejected')).toBeInTheDocument();
  });

  it("shows the server's message when an approval is refused", async () => {
    serveDashboard();
    api.on('PATCH', `/admin/quests/${MURALS}/approve`, () =>
      fail(409, 'Only pending quests can be moderated'),
    );
    signInAs('admin');
    await openDashboard();
    await screen.findByRole('list', { name: 'Pending quest approvals' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    const alert = (await screen.findByText('Only pending quests can be moderated')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Error approving quest');
    expect(within(pendingList()).getByText('Murals of Lodhi Colony')).toBeInTheDocument();
  });

  it('offers Reload when the quest changed since the list showed it, and reads the list again', async () => {
    serveDashboard();
    api.on('PATCH', `/admin/quests/${MURALS}/approve`, () =>
      fail(409, 'This quest changed since you opened it. Reload it, read the changes, then decide again.'),
    );
    signInAs('admin');
    await openDashboard();
    await screen.findByRole('list', { name: 'Pending quest approvals' });
    const before = callsTo('/admin/quests/pending').length;
    await userEvent.click(screen.getByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    const alert = (await screen.findByText(/This quest changed since you opened it\./)).closest(
      '[role="alert"]',
    );
    if (!(alert instanceof HTMLElement)) throw new Error('no alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(callsTo('/admin/quests/pending').length).toBe(before + 1));
    expect(screen.queryByText(/This quest changed since you opened it\./)).toBeNull();
  });

  it("falls back to 'Failed to reject quest' without a message from the server", async () => {
    serveDashboard();
    api.on('PATCH', `/admin/quests/${MURALS}/reject`, () => ({ status: 500, body: {} }));
    signInAs('admin');
    await openDashboard();
    await screen.findByRole('list', { name: 'Pending quest approvals' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Reject Murals of Lodhi Colony: does not meet guidelines' }),
    );
    expect(await screen.findByText('Failed to reject quest')).toBeInTheDocument();
  });

  it('refreshes the pending list every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = serveDashboard();
    signInAs('admin');
    await openDashboard();
    await screen.findByRole('list', { name: 'Pending quest approvals' });
    expect(callsTo('/admin/quests/pending')).toHaveLength(1);

    state.pending = [...state.pending, aQuest({ _id: crypto.randomUUID(), title: 'Stepwells of Delhi' })];
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(callsTo('/admin/quests/pending')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(callsTo('/admin/quests/pending')).toHaveLength(2));
    expect(await within(pendingList()).findByText('Stepwells of Delhi')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(callsTo('/admin/quests/pending')).toHaveLength(3));
    expect(queries['/admin/quests/pending']?.at(-1)).toEqual({ page: '1', limit: '5' });
  });

  it('says when no quest is waiting', async () => {
    serveDashboard({ pending: [] });
    signInAs('admin');
    await openDashboard();
    expect(await screen.findByText('No quests are waiting for approval')).toBeInTheDocument();
  });

  it('lists the latest 5 action log entries with a link to the action logs', async () => {
    const state = serveDashboard();
    state.logs = [
      aLog({ action_type: 'quest_approval', target_type: 'quest', details: { questTitle: 'Spice Trail' } }),
      aLog({ action_type: 'user_suspension', details: { username: 'spammer' }, admin_id: null }),
      aLog({
        action_type: 'user_demotion',
        result: 'failure',
        details: { username: 'sara', error: 'Only super admins can manage other admins' },
      }),
    ];
    signInAs('admin');
    await openDashboard();
    const region = await screen.findByRole('region', { name: 'Recent activity' });
    const list = await within(region).findByRole('list', { name: 'Recent activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Approved quest "Spice Trail"',
      'Suspended spammer',
      'Demoted sara to user (refused: Only super admins can manage other admins)',
    ]);
    expect(within(list).getByText(/by Unknown Admin/)).toBeInTheDocument();
    expect(within(list).getAllByText(/by meera/)).toHaveLength(2);
    expect(within(list).getByText('Refused')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'View all action logs' })).toHaveAttribute(
      'href',
      '/admin/action-logs',
    );
    expect(queries['/admin/action-logs']).toEqual([{ page: '1', limit: '5' }]);
  });
});
