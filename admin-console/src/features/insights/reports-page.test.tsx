import type { Schema } from '@cityquest/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Report = Schema<'Report'>;

const BUG = '7f8091a2-b3c4-4d5e-8f6a-7b8c9d0e1f21';
const CONTACT = '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c22';

function aReport(overrides: Partial<Report> = {}): Report {
  return {
    _id: BUG,
    type: 'bug_report',
    status: 'open',
    name: null,
    email: 'asha@example.com',
    subject: 'Map does not load',
    message: 'The explore map stays grey on my phone.',
    details: {
      stepsToReproduce: 'Open Explore on Firefox for Android.',
      expectedBehavior: 'The map shows quests.',
      actualBehavior: 'A grey box.',
    },
    attachments: ['https://api.cityquest.app/uploads/reports/e5f6.webp?expires=1794312000&signature=sig'],
    reporter: {
      _id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82',
      username: 'asha',
      fullName: 'Asha Verma',
      avatar: null,
    },
    createdAt: '2026-11-15T14:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    resolutionAction: null,
    resolutionReason: null,
    ...overrides,
  };
}

const CONTACT_REPORT = aReport({
  _id: CONTACT,
  type: 'contact_message',
  name: 'Vikram',
  email: 'vikram@example.com',
  subject: 'Partnership',
  message: 'We run food walks in Jaipur.',
  details: {},
  attachments: [],
  reporter: null,
});

const FEEDBACK = '9b0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d23';

/** Feedback as the server keeps it: its category named in the subject, its rating in the details. */
const feedback = (overrides: Partial<Report> = {}) =>
  aReport({
    _id: FEEDBACK,
    type: 'feedback',
    name: 'Asha Verma',
    subject: 'Feature Request',
    message: 'A night-walk category would be lovely.',
    details: { category: 'feature_request', rating: 4 },
    attachments: [],
    ...overrides,
  });

let api: ReturnType<typeof setupApi>;
let queries: Record<string, string>[];

/** Open reports; resolving one takes it out of the open list, as the server does. */
function serveReports(reports: Report[], totalReports = reports.length) {
  queries = [];
  const open = [...reports];
  api.on('GET', '/admin/reports', (request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const shown = open.filter((report) => !query.type || report.type === query.type);
    const total = totalReports - (reports.length - open.length);
    return ok({
      reports: shown,
      pagination: {
        currentPage: Number(query.page),
        totalPages: Math.max(1, Math.ceil(total / 10)),
        totalReports: total,
        hasNextPage: Number(query.page) * 10 < total,
        hasPreviousPage: Number(query.page) > 1,
      },
    });
  });
  for (const report of reports) {
    api.on('PATCH', `/admin/reports/${report._id}/resolve`, (_request, body) => {
      const { action, reason } = body as { action: 'resolved' | 'dismissed'; reason?: string };
      open.splice(open.indexOf(report), 1);
      return ok({
        ...report,
        status: 'resolved',
        resolutionAction: action,
        resolutionReason: reason ?? null,
        resolvedAt: new Date().toISOString(),
      });
    });
  }
}

async function openReports() {
  signInAs('admin');
  renderApp('/admin/reports');
  await screen.findByRole('heading', { level: 1, name: 'Reports' });
}

beforeEach(() => {
  api = setupApi();
});

describe('reports', () => {
  it('lists open reports 10 a page with what they say', async () => {
    serveReports([aReport(), CONTACT_REPORT]);
    await openReports();
    const bug = await screen.findByRole('article', { name: 'Map does not load' });
    expect(within(bug).getByText('Bug report')).toBeInTheDocument();
    expect(within(bug).getByText(/From Asha Verma \(@asha\)/)).toBeInTheDocument();
    expect(within(bug).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute(
      'href',
      'mailto:asha@example.com',
    );
    expect(within(bug).getByText('The explore map stays grey on my phone.')).toBeInTheDocument();
    expect(within(bug).getByText('Open Explore on Firefox for Android.')).toBeInTheDocument();
    expect(within(bug).getByRole('link', { name: 'Attachment 1, opens in a new tab' })).toHaveAttribute(
      'href',
      'https://api.cityquest.app/uploads/reports/e5f6.webp?expires=1794312000&signature=sig',
    );
    const contact = screen.getByRole('article', { name: 'Partnership' });
    expect(within(contact).getByText(/From Vikram/)).toBeInTheDocument();
    expect(screen.getByText('2 open reports')).toBeInTheDocument();
    expect(queries[0]).toEqual({ page: '1', limit: '10' });
  });

  it("shows feedback's rating and comments, or that it came without comments", async () => {
    serveReports([feedback(), feedback({ _id: CONTACT, subject: 'User Experience', message: '' })]);
    await openReports();
    const rated = await screen.findByRole('article', { name: 'Feature Request' });
    expect(within(rated).getByText('Feedback')).toBeInTheDocument();
    expect(within(rated).getByText('Rated 4 of 5 stars')).toBeInTheDocument();
    expect(within(rated).getByText('A night-walk category would be lovely.')).toBeInTheDocument();
    const bare = screen.getByRole('article', { name: 'User Experience' });
    expect(within(bare).getByText('No comments, a rating only.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'feedback');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '10', type: 'feedback' }));
  });

  it('filters by type, leaving the type out for "All types"', async () => {
    serveReports([aReport(), CONTACT_REPORT]);
    await openReports();
    await screen.findByRole('article', { name: 'Partnership' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'contact_message');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Map does not load' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Partnership' })).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: '1', limit: '10', type: 'contact_message' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'all');
    expect(await screen.findByRole('article', { name: 'Map does not load' })).toBeInTheDocument();
    // 'All types' was the first call, without a type; its answer is still fresh, so it is not asked again.
    expect(queries).toEqual([
      { page: '1', limit: '10' },
      { page: '1', limit: '10', type: 'contact_message' },
    ]);
  });

  it('resolves a report with an action and a reason, and the report leaves the list', async () => {
    serveReports([aReport(), CONTACT_REPORT]);
    await openReports();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report Map does not load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    expect(within(dialog).getByRole('radio', { name: /Resolved/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Dismissed/ }));
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Known issue ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));

    expect(await screen.findByText('"Map does not load" is dismissed.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: `/admin/reports/${BUG}/resolve`,
      body: { action: 'dismissed', reason: 'Known issue' },
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Map does not load' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Partnership' })).toBeInTheDocument();
    expect(screen.getByText('1 open report')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resolve Report' })).toBeNull());
  });

  it('sends no reason when none is given', async () => {
    serveReports([CONTACT_REPORT]);
    await openReports();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report Partnership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    expect(await screen.findByText('"Partnership" is resolved.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ action: 'resolved' });
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when resolving fails", async () => {
    serveReports([aReport()]);
    api.on('PATCH', `/admin/reports/${BUG}/resolve`, () =>
      fail(409, 'This report has already been resolved'),
    );
    await openReports();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report Map does not load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    expect(await within(dialog).findByText('This report has already been resolved')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Map does not load' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields", async () => {
    serveReports([aReport()]);
    api.on('PATCH', `/admin/reports/${BUG}/resolve`, () =>
      fail(400, 'Validation failed', [{ field: 'reason', message: 'Reason is too long' }]),
    );
    await openReports();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report Map does not load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Known issue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    const reason = within(dialog).getByLabelText('Reason (optional)');
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Reason is too long'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('takes the reason up to the contract limit of 500 characters', async () => {
    serveReports([aReport()]);
    await openReports();
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report Map does not load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveAttribute('maxlength', '500');
  });

  it('keeps the type and page in the address, so back and a shared link show the same list', async () => {
    serveReports([aReport(), CONTACT_REPORT], 25);
    signInAs('admin');
    const { router } = renderApp('/admin/reports?type=contact_message&page=2');
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(queries[0]).toEqual({ page: '2', limit: '10', type: 'contact_message' });
    expect(screen.getByLabelText('Type')).toHaveValue('contact_message');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'all');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '10' }));
    expect(router.state.location.search).toEqual({});
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText('Type')).toHaveValue('contact_message'));
    expect(router.state.location.search).toEqual({ type: 'contact_message', page: 2 });
  });

  it('shows the new last page when the only report of the last page is resolved', async () => {
    const last = aReport({ _id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d23', subject: 'Last one' });
    serveReports([last], 11);
    signInAs('admin');
    const { router } = renderApp('/admin/reports?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve report Last one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve Report' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '10' }));
  });

  it("falls back to 'Failed to fetch reported content'", async () => {
    api.on('GET', '/admin/reports', () => ({ status: 500, body: {} }));
    await openReports();
    expect(await screen.findByText('Failed to fetch reported content')).toBeInTheDocument();
  });

  it('pages through the reports', async () => {
    serveReports([aReport()], 25);
    await openReports();
    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '2', limit: '10' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
  });
});
