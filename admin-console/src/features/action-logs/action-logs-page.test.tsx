import type { Schema } from '@cityquest/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type ActionLog = Schema<'ActionLog'>;

const MEERA = {
  _id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b11',
  username: 'meera',
  role: 'super_admin' as const,
};
const ARJUN = { _id: '8e7d6c5b-4a39-4281-8f5e-4d3c2b1a0f22', username: 'arjun', role: 'admin' as const };

let sequence = 0;
function aLog(overrides: Partial<ActionLog> = {}): ActionLog {
  sequence += 1;
  return {
    _id: `6e7f8091-a2b3-4c4d-9e5f-${String(sequence).padStart(12, '0')}`,
    action_type: 'user_promotion',
    admin_id: MEERA,
    target_type: 'user',
    target_id: null,
    details: { username: 'ravi', previousRole: 'user', newRole: 'admin' },
    reason: null,
    result: 'success',
    createdAt: '2026-11-18T10:00:00.000Z',
    ...overrides,
  };
}

const pageOf = (logs: ActionLog[], totalLogs: number, currentPage: number, limit: number) => ({
  logs,
  pagination: {
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalLogs / limit)),
    totalLogs,
    hasNextPage: currentPage * limit < totalLogs,
    hasPreviousPage: currentPage > 1,
  },
});

let api: ReturnType<typeof setupApi>;
let queries: URLSearchParams[];

function serve(logs: ActionLog[], totalLogs = logs.length) {
  queries = [];
  api.on('GET', '/admin/action-logs', (request) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return ok(pageOf(logs, totalLogs, Number(query.get('page') ?? 1), Number(query.get('limit') ?? 10)));
  });
  api.on('GET', '/admin/admins', () => ok([ARJUN, MEERA]));
}

const entries = () =>
  within(screen.getByRole('list', { name: 'Action log entries' })).getAllByRole('listitem');

beforeEach(() => {
  api = setupApi();
  signInAs('admin');
});

describe('admin action logs', () => {
  it('shows each entry with label, admin, sentence, reason, target and result', async () => {
    serve([
      aLog(),
      aLog({
        action_type: 'quest_rejection',
        admin_id: null,
        target_type: 'quest',
        details: { questTitle: 'Murals of Lodhi Colony' },
        reason: 'Blurry photos',
      }),
      aLog({
        action_type: 'super_admin_promotion',
        admin_id: ARJUN,
        result: 'failure',
        details: { username: 'ravi', error: 'Only super admins can promote to super admin' },
      }),
    ]);
    renderApp('/admin/action-logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Action Logs' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Action log entries' });
    const [promotion, rejection, refused] = entries();
    expect(promotion).toHaveTextContent('User Promotion');
    expect(promotion).toHaveTextContent('by meera (super admin)');
    expect(promotion).toHaveTextContent('Promoted ravi from user to admin');
    expect(promotion).toHaveTextContent('Target: User');
    expect(within(promotion as HTMLElement).getByText('Success')).toBeInTheDocument();

    expect(rejection).toHaveTextContent('by Unknown Admin');
    expect(rejection).toHaveTextContent('Rejected quest "Murals of Lodhi Colony"');
    expect(rejection).toHaveTextContent('Reason: Blurry photos');
    expect(rejection).toHaveTextContent('Target: Quest');

    expect(refused).toHaveTextContent(
      'Promoted ravi to super admin (refused: Only super admins can promote to super admin)',
    );
    expect(within(refused as HTMLElement).getByText('Failed')).toBeInTheDocument();
  });

  it('loads 20 a page by default and sends the action type, admin and page size filters', async () => {
    serve([aLog()]);
    const { router } = renderApp('/admin/action-logs');
    await screen.findByRole('list', { name: 'Action log entries' });
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({ page: '1', limit: '20' });

    const admin = screen.getByLabelText('Admin');
    await waitFor(() =>
      expect(
        within(admin)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All admins', 'arjun (admin)', 'meera (super admin)']),
    );
    await userEvent.selectOptions(screen.getByLabelText('Action type'), 'task_proof_rejection');
    await waitFor(() => expect(queries.at(-1)?.get('action_type')).toBe('task_proof_rejection'));
    await userEvent.selectOptions(admin, ARJUN._id);
    await waitFor(() => expect(queries.at(-1)?.get('admin_id')).toBe(ARJUN._id));
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '50');
    await waitFor(() => expect(queries.at(-1)?.get('limit')).toBe('50'));
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      page: '1',
      limit: '50',
      action_type: 'task_proof_rejection',
      admin_id: ARJUN._id,
    });
    expect(router.state.location.search).toEqual({
      actionType: 'task_proof_rejection',
      adminId: ARJUN._id,
      limit: 50,
    });
    expect(
      within(screen.getByLabelText('Per page'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50']);
  });

  it('paginates with the list pagination texts and goes back to page 1 when a filter changes', async () => {
    serve([aLog()], 45);
    renderApp('/admin/action-logs');
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByLabelText('Action type'), 'quest_approval');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('keeps the page, filters and search in the address, so back and a shared link show the same list', async () => {
    serve(
      [
        aLog(),
        aLog({ action_type: 'quest_approval', target_type: 'quest', details: { questTitle: 'Spice Trail' } }),
      ],
      45,
    );
    const { router } = renderApp('/admin/action-logs?page=2&actionType=quest_approval&limit=10&search=spice');
    expect(await screen.findByText('Showing 11 to 20 of 45 results')).toBeInTheDocument();
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      page: '2',
      limit: '10',
      action_type: 'quest_approval',
    });
    expect(screen.getByLabelText('Action type')).toHaveValue('quest_approval');
    expect(screen.getByLabelText('Per page')).toHaveValue('10');
    expect(screen.getByLabelText('Search logs')).toHaveValue('spice');
    expect(entries()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 30 of 45 results')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({
      page: 3,
      actionType: 'quest_approval',
      limit: 10,
      search: 'spice',
    });
    router.history.back();
    expect(await screen.findByText('Showing 11 to 20 of 45 results')).toBeInTheDocument();
  });

  it('shows a chosen filter at once and keeps the entries on screen while a slow answer loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on('GET', '/admin/action-logs', async (request) => {
      const query = new URL(request.url).searchParams;
      if (query.get('action_type') === 'quest_approval') {
        await held;
        return ok(
          pageOf([aLog({ action_type: 'quest_approval', details: { questTitle: 'Spice Trail' } })], 1, 1, 20),
        );
      }
      return ok(pageOf([aLog()], 1, 1, 20));
    });
    api.on('GET', '/admin/admins', () => ok([ARJUN, MEERA]));
    renderApp('/admin/action-logs');
    expect(await screen.findByText('Promoted ravi from user to admin')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Action type'), 'quest_approval');
    expect(screen.getByLabelText('Action type')).toHaveValue('quest_approval');
    expect(screen.getByText('Promoted ravi from user to admin')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Approved quest "Spice Trail"')).toBeInTheDocument();
  });

  it('writes the search to the address once typing pauses, and leaves defaults out', async () => {
    serve([aLog()]);
    const { router } = renderApp('/admin/action-logs');
    await screen.findByRole('list', { name: 'Action log entries' });
    expect(router.state.location.search).toEqual({});
    await userEvent.type(screen.getByLabelText('Search logs'), 'ravi');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ravi' }));
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '50');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ravi', limit: 50 }));
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '20');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ravi' }));
  });

  it('hides the pagination when everything fits on one page', async () => {
    serve([aLog()], 1);
    renderApp('/admin/action-logs');
    await screen.findByRole('list', { name: 'Action log entries' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('narrows the entries by their description with the search box', async () => {
    serve([
      aLog(),
      aLog({
        action_type: 'quest_approval',
        target_type: 'quest',
        details: { questTitle: 'Spice Market Walk' },
      }),
    ]);
    renderApp('/admin/action-logs');
    await screen.findByRole('list', { name: 'Action log entries' });
    expect(entries()).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Search logs'), 'spice');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('Approved quest "Spice Market Walk"');
    expect(queries).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('Search logs'));
    await userEvent.type(screen.getByLabelText('Search logs'), 'nothing like this');
    expect(await screen.findByText('No action logs found matching your criteria')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serve([]);
    renderApp('/admin/action-logs');
    expect(await screen.findByText('No action logs found matching your criteria')).toBeInTheDocument();
  });

  it('shows an Error banner with Dismiss', async () => {
    api.on('GET', '/admin/action-logs', () => fail(500, 'Failed to fetch admin action logs'));
    api.on('GET', '/admin/admins', () => ok([]));
    renderApp('/admin/action-logs');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to fetch admin action logs');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
