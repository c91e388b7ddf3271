import { apiKey, type Schema } from '@cityquest/openapi';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Quest = Schema<'Quest'>;

const QUEST_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
const OTHER_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a99';

function aQuest(overrides: Partial<Quest> = {}): Quest {
  return {
    _id: QUEST_ID,
    title: 'Murals of Lodhi Colony',
    subtitle: "India's first open-air art district",
    description: 'Walk the lanes of Lodhi Colony and find five of its most famous murals.',
    category: 'Art',
    difficulty: 'Easy',
    status: 'pending',
    rejectionReason: null,
    xp: 60,
    baseXp: 60,
    estimatedTime: '30-45 mins',
    tags: ['street art', 'walking'],
    address: 'Lodhi Colony Market',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110003',
    type: 'Solo Adventure',
    proofInstructions: 'Take a photo of each mural with its signature visible.',
    files: [{ file_url: '/uploads/quests/4d1a.webp' }, { file_url: '/uploads/quests/8e2b.webp' }],
    location: { lat: 28.5882, lng: 77.2212 },
    featured: false,
    views: 412,
    completions: 37,
    averageRating: 4.6,
    totalReviews: 12,
    ratingBreakdown: { '1': 0, '2': 0, '3': 1, '4': 3, '5': 8 },
    submittedBy: {
      _id: '7a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99',
      username: 'asha',
      fullName: 'Asha Verma',
      avatar: null,
    },
    tasks: [
      {
        _id: '5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c02',
        order: 2,
        description: 'Photograph the mural with the giant hands.',
        hint: null,
      },
      {
        _id: '5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c01',
        order: 1,
        description: 'Find the mural of the blue elephant.',
        hint: 'It is on the back wall of the old post office.',
      },
    ],
    tips: [{ _id: '6c7d8e9f-2031-4b4c-9d5e-6f7a8b9c0d11', tip_text: 'Go early in the morning.' }],
    routes: [
      {
        start_location: 'Lodhi Colony Market',
        start_coordinates: { lat: 28.5879, lng: 77.2205 },
        end_location: 'Meherchand Market',
        end_coordinates: { lat: 28.5861, lng: 77.2247 },
        waypoints: [{ lat: 28.5884, lng: 77.2215, name: 'Blue Elephant', address: 'Block 11' }],
      },
    ],
    recentReviews: [],
    progress: null,
    createdAt: '2026-10-03T09:00:00.000Z',
    updatedAt: '2026-10-04T12:30:00.000Z',
    ...overrides,
  };
}

const stats = { total: 64, pending: 3, approved: 58, rejected: 3 };

const pageOf = (quests: Quest[], totalQuests = quests.length, currentPage = 1) => ({
  quests,
  pagination: {
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalQuests / 50)),
    totalQuests,
    hasNextPage: currentPage * 50 < totalQuests,
    hasPreviousPage: currentPage > 1,
  },
  statusStats: stats,
});

let api: ReturnType<typeof setupApi>;
let queries: Record<string, string>[];

function serve(answer: (query: URLSearchParams) => ReturnType<typeof pageOf>) {
  queries = [];
  api.on('GET', '/admin/quests', (request) => {
    const query = new URL(request.url).searchParams;
    queries.push(Object.fromEntries(query));
    return ok(answer(query));
  });
}

const card = (title: string) => screen.findByRole('article', { name: title });

async function openDetails(title = 'Murals of Lodhi Colony') {
  await userEvent.click(await screen.findByRole('button', { name: `View details of ${title}` }));
  return screen.findByRole('dialog', { name: 'Quest Details' });
}

beforeEach(() => {
  api = setupApi();
  signInAs('admin');
});

describe('quest moderation list', () => {
  it('shows the quests as cards with their facts, the status counts, and asks for page 1 of 50', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    queries = [];
    api.on('GET', '/admin/quests', async (request) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      await held;
      return ok(
        pageOf([aQuest(), aQuest({ _id: OTHER_ID, title: 'Old Delhi Food Walk', status: 'approved' })]),
      );
    });
    renderApp('/admin/quests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quest Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('Loading quests...')).toBeInTheDocument();
    release();

    const pending = await card('Murals of Lodhi Colony');
    for (const text of [
      'Pending',
      'Art',
      'Easy',
      '60 XP',
      'New Delhi',
      'Estimated time: 30-45 mins',
      'Submitted by asha',
      '37 completions',
    ]) {
      expect(within(pending).getByText(text)).toBeInTheDocument();
    }
    expect(pending.querySelector('img')).toHaveAttribute('src', '/uploads/quests/4d1a.webp');
    expect(
      within(pending).getByRole('button', { name: 'Approve Murals of Lodhi Colony' }),
    ).toBeInTheDocument();
    expect(
      within(pending).getByRole('button', { name: 'Reject Murals of Lodhi Colony' }),
    ).toBeInTheDocument();

    // Approve and Reject are offered only while pending (docs/product-rules/admin-screens.md#quest-moderation-screen).
    const approved = await card('Old Delhi Food Walk');
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(
      within(approved).getByRole('button', { name: 'View details of Old Delhi Food Walk' }),
    ).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /^(Approve|Reject) / })).toBeNull();

    const counts = screen.getByRole('region', { name: 'Quests by status' });
    expect(within(counts).getByText('Total').nextSibling).toHaveTextContent('64');
    expect(within(counts).getByText('Approved').nextSibling).toHaveTextContent('58');
    expect(screen.getByText('2 quests found')).toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', limit: '50' }]);
  });

  it('shows the missing-value texts and the default image when there is no photo', async () => {
    serve(() =>
      pageOf([
        aQuest({
          title: '',
          city: '',
          address: '',
          submittedBy: null,
          files: [],
        }),
      ]),
    );
    renderApp('/admin/quests');
    const quest = await card('Unknown Quest');
    expect(within(quest).getByText('Location not specified')).toBeInTheDocument();
    expect(within(quest).getByText('Submitted by Unknown User')).toBeInTheDocument();
    expect(quest.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('sends the status and category filters, omitting "all", and labels Hidden Gems', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Art', 'Food', 'History', 'Culture', 'Adventure', 'Hidden Gems']);
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'pending', 'approved', 'rejected']);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'rejected');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'rejected' }));
    await userEvent.selectOptions(category, 'HiddenGems');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'rejected', category: 'HiddenGems' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50', category: 'HiddenGems' }));
  });

  it('waits 300 ms after typing before it searches, once', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    const search = screen.getByRole('searchbox', { name: 'Search quests' });
    expect(search).toHaveAttribute('placeholder', 'Search by title, description or location');
    await userEvent.type(search, 'lodhi');
    expect(queries).toHaveLength(1);
    await waitFor(() => expect(queries.at(-1)?.search).toBe('lodhi'));
    expect(queries.map((query) => query.search)).toEqual([undefined, 'lodhi']);
  });

  it('pages through more than 50 quests and starts again at page 1 when a filter changes', async () => {
    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    renderApp('/admin/quests');
    expect(await screen.findByText('Showing 1 to 50 of 120 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 100 of 120 results')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: '2', limit: '50' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'pending' }));
  });

  it('keeps the page, search and filters in the address, so a refresh, a link or Back shows the same list', async () => {
    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    const { router, unmount } = renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'HiddenGems');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search quests' }), 'lodhi');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ category: 'HiddenGems', search: 'lodhi' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ category: 'HiddenGems', search: 'lodhi', page: 2 }),
    );
    router.history.back();
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ category: 'HiddenGems', search: 'lodhi' }),
    );
    expect(await screen.findByText('Showing 1 to 50 of 120 results')).toBeInTheDocument();
    unmount();

    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    renderApp('/admin/quests?status=pending&search=lodhi&page=3&category=Everything');
    expect(await screen.findByText('Showing 101 to 120 of 120 results')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search quests' })).toHaveValue('lodhi');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(queries).toEqual([{ page: '3', limit: '50', status: 'pending', search: 'lodhi' }]);
  });

  it('shows the empty state', async () => {
    serve(() => pageOf([]));
    renderApp('/admin/quests');
    expect(await screen.findByText('No quests found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows a failed load with Dismiss and Retry', async () => {
    api.on('GET', '/admin/quests', () => fail(500, 'Database unavailable'));
    renderApp('/admin/quests');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(screen.queryByText('No quests found matching your criteria')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    serve(() => pageOf([aQuest()]));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await card('Murals of Lodhi Colony')).toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', limit: '50', status: 'pending' }]);
  });

  it("falls back to 'Failed to fetch quests for admin' when the server sends no message", async () => {
    api.on('GET', '/admin/quests', () => ({ status: 500, body: {} }));
    renderApp('/admin/quests');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch quests for admin');
  });
});

describe('quick approve and reject', () => {
  it('approves a pending quest from its card with the default feedback and reloads page 1', async () => {
    let quest = aQuest();
    serve(() => pageOf([quest]));
    const bodies: unknown[] = [];
    api.on('PATCH', `/admin/quests/${QUEST_ID}/approve`, (_request, body) => {
      bodies.push(body);
      quest = aQuest({ status: 'approved' });
      return ok(quest);
    });
    renderApp('/admin/quests');
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Art');
    await waitFor(() => expect(queries).toHaveLength(2));
    await userEvent.click(
      within(await card('Murals of Lodhi Colony')).getByRole('button', {
        name: 'Approve Murals of Lodhi Colony',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('“Murals of Lodhi Colony” was approved.');
    expect(bodies).toEqual([{ feedback: 'Quest approved by admin' }]);
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.at(-1)).toEqual({ page: '1', limit: '50', category: 'Art' });
    const updated = await card('Murals of Lodhi Colony');
    await waitFor(() => expect(within(updated).getByText('Approved')).toBeInTheDocument());
    expect(within(updated).queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('refreshes the dashboard counters and its pending approvals after a decision', async () => {
    serve(() => pageOf([aQuest()]));
    api.on('PATCH', `/admin/quests/${QUEST_ID}/approve`, () => ok(aQuest({ status: 'approved' })));
    const { router } = renderApp('/admin/quests');
    const { queryClient } = router.options.context;
    const counters = apiKey('/admin/dashboard');
    const approvals = apiKey('/admin/quests/pending', { query: { page: 1, limit: 5 } });
    queryClient.setQueryData(counters, { pendingQuests: 3 });
    queryClient.setQueryData(approvals, { quests: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    await screen.findByRole('status');
    expect(queryClient.getQueryState(counters)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(approvals)?.isInvalidated).toBe(true);
  });

  it("offers no Approve or Reject on the admin's own pending quest, and says who decides", async () => {
    const me = signInAs('admin', { _id: '7a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99' });
    serve(() => pageOf([aQuest()]));
    expect(me._id).toBe(aQuest().submittedBy?._id);
    renderApp('/admin/quests');
    const own = await card('Murals of Lodhi Colony');
    expect(within(own).getByText('Your own quest: another admin approves or rejects it')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(own).queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it('returns to page 1 after an action taken on a later page', async () => {
    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    api.on('PATCH', `/admin/quests/${QUEST_ID}/approve`, () => ok(aQuest({ status: 'approved' })));
    renderApp('/admin/quests');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 100 of 120 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    expect(await screen.findByText('Showing 1 to 50 of 120 results')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: '1', limit: '50' });
  });

  it('shows a refused approval as "Error approving quest"', async () => {
    serve(() => pageOf([aQuest()]));
    api.on('PATCH', `/admin/quests/${QUEST_ID}/approve`, () =>
      fail(409, 'Only pending quests can be approved or rejected'),
    );
    renderApp('/admin/quests');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error approving quest: Only pending quests can be approved or rejected');
    expect(queries).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    serve(() => pageOf([aQuest()]));
    const bodies: unknown[] = [];
    api.on('PATCH', `/admin/quests/${QUEST_ID}/reject`, (_request, body) => {
      bodies.push(body);
      return ok(aQuest({ status: 'rejected', rejectionReason: 'Murals are on private property' }));
    });
    renderApp('/admin/quests');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Murals of Lodhi Colony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Quest' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Rejection' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByLabelText(/Reason for rejection/);
    await userEvent.type(reason, '   ');
    expect(confirm).toBeDisabled();
    await userEvent.type(reason, 'Murals are on private property');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ reason: 'Murals are on private property' }]);
    expect(screen.getByRole('status')).toHaveTextContent('“Murals of Lodhi Colony” was rejected.');
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it('keeps the reject dialog open with "Error rejecting quest" when the server refuses', async () => {
    serve(() => pageOf([aQuest()]));
    api.on('PATCH', `/admin/quests/${QUEST_ID}/reject`, () => ({ status: 500, body: {} }));
    renderApp('/admin/quests');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Murals of Lodhi Colony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Quest' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Rejection' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error rejecting quest: Failed to reject quest',
    );
    expect(queries).toHaveLength(1);
  });
});

describe('quest details', () => {
  it('shows description, tasks in order, creator, date, rating, completions, photos and route', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    const dialog = await openDetails();
    expect(within(dialog).getByRole('heading', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Walk the lanes of Lodhi Colony/)).toBeInTheDocument();
    const taskList = within(dialog)
      .getByText('Find the mural of the blue elephant.')
      .closest('ol') as HTMLElement;
    expect(
      within(taskList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Find the mural of the blue elephant.Hint: It is on the back wall of the old post office.',
      'Photograph the mural with the giant hands.',
    ]);
    expect(within(dialog).getByText('Created by').nextSibling).toHaveTextContent('Asha Verma (@asha)');
    expect(within(dialog).getByText('Created on').nextSibling).toHaveTextContent('Oct 3, 2026');
    expect(within(dialog).getByText('Average rating').nextSibling).toHaveTextContent('4.6 / 5 (12 reviews)');
    expect(within(dialog).getByText('Completions').nextSibling).toHaveTextContent('37');
    expect(within(dialog).getByRole('link', { name: 'Photo 2, opens in a new tab' })).toHaveAttribute(
      'href',
      '/uploads/quests/8e2b.webp',
    );
    expect(within(dialog).getByText('Blue Elephant')).toBeInTheDocument();
    expect(within(dialog).getByText('Meherchand Market')).toBeInTheDocument();
    // The route's ends are place names, their points beside them.
    expect(within(dialog).getByText('28.58790, 77.22050')).toBeInTheDocument();
    expect(within(dialog).getByText('28.58610, 77.22470')).toBeInTheDocument();
    expect(within(dialog).queryByText('Rejection reason')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button', { name: /Approve|Reject|Edit Quest|Delete Quest/ })
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject', 'Edit Quest', 'Delete Quest']);
  });

  it("shows the rejection reason, 'Not rated' and the fallbacks, and no approve or reject when not pending", async () => {
    serve(() =>
      pageOf([
        aQuest({
          status: 'rejected',
          rejectionReason: 'Blurry photos',
          averageRating: 0,
          totalReviews: 0,
          submittedBy: null,
          address: '',
          city: '',
          state: '',
        }),
      ]),
    );
    renderApp('/admin/quests');
    const dialog = await openDetails();
    expect(within(dialog).getByText('Rejection reason')).toBeInTheDocument();
    expect(within(dialog).getByText('Blurry photos')).toBeInTheDocument();
    expect(within(dialog).getByText('Average rating').nextSibling).toHaveTextContent('Not rated');
    expect(within(dialog).getByText('Created by').nextSibling).toHaveTextContent('Unknown User');
    expect(within(dialog).getByText('Location').nextSibling).toHaveTextContent('Location not specified');
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Edit Quest' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Quest' })).toBeInTheDocument();
  });

  it('approves from the details, which then show the quest as approved', async () => {
    serve(() => pageOf([aQuest()]));
    api.on('PATCH', `/admin/quests/${QUEST_ID}/approve`, () => ok(aQuest({ status: 'approved' })));
    renderApp('/admin/quests');
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('was approved');
    expect(within(dialog).getByText('Approved')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it('rejects from the details and returns to them with the reason shown', async () => {
    serve(() => pageOf([aQuest()]));
    api.on('PATCH', `/admin/quests/${QUEST_ID}/reject`, (_request, body) =>
      ok(aQuest({ status: 'rejected', rejectionReason: (body as { reason: string }).reason })),
    );
    renderApp('/admin/quests');
    const details = await openDetails();
    await userEvent.click(within(details).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject Quest' });
    await userEvent.type(within(reject).getByLabelText(/Reason/), 'Duplicate of another quest');
    await userEvent.click(within(reject).getByRole('button', { name: 'Confirm Rejection' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject Quest' })).toBeNull());
    const dialog = screen.getByRole('dialog', { name: 'Quest Details' });
    expect(within(dialog).getByText('Duplicate of another quest')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('was rejected');
  });
});

describe('delete', () => {
  it('confirms, deletes, closes the details and reloads page 1 with the current filters', async () => {
    let quests = [aQuest({ status: 'approved' })];
    serve(() => pageOf(quests));
    let deleted = 0;
    api.on('DELETE', `/admin/quests/${QUEST_ID}`, () => {
      deleted += 1;
      quests = [];
      return ok({ _id: QUEST_ID, questId: QUEST_ID });
    });
    renderApp('/admin/quests');
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'approved');
    await waitFor(() => expect(queries).toHaveLength(2));
    const details = await openDetails();
    await userEvent.click(within(details).getByRole('button', { name: 'Delete Quest' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quest' });
    expect(confirm).toHaveTextContent(
      'This action cannot be undone. It will permanently remove the quest and all associated data.',
    );
    expect(deleted).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Quest' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('“Murals of Lodhi Colony” was deleted.');
    expect(await screen.findByText('No quests found matching your criteria')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'approved' });
  });

  it('cancels without deleting, back to the details', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    const details = await openDetails();
    await userEvent.click(within(details).getByRole('button', { name: 'Delete Quest' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quest' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Quest' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Quest Details' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('closes only the confirmation on Escape, back to the details', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    const details = await openDetails();
    await userEvent.click(within(details).getByRole('button', { name: 'Delete Quest' }));
    await screen.findByRole('dialog', { name: 'Delete Quest' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Quest' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Quest Details' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'Delete failed: ...' with the server's message", async () => {
    serve(() => pageOf([aQuest()]));
    api.on('DELETE', `/admin/quests/${QUEST_ID}`, () => fail(404, 'Quest not found'));
    renderApp('/admin/quests');
    const details = await openDetails();
    await userEvent.click(within(details).getByRole('button', { name: 'Delete Quest' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quest' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Quest' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Delete failed: Quest not found');
  });
});

describe('edit', () => {
  async function openEdit(quest = aQuest()) {
    serve(() => pageOf([quest]));
    renderApp('/admin/quests');
    const details = await openDetails();
    await userEvent.click(within(details).getByRole('button', { name: 'Edit Quest' }));
    return screen.findByRole('dialog', { name: 'Edit Quest' });
  }

  it('starts from the quest and saves with the admin edit rules applied to the PUT body', async () => {
    const bodies: unknown[] = [];
    api.on('PUT', `/admin/quests/${QUEST_ID}`, (_request, body) => {
      bodies.push(body);
      return ok(aQuest({ title: 'Murals of Lodhi', featured: true, updatedAt: '2026-11-01T00:00:00.000Z' }));
    });
    const dialog = await openEdit();
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Murals of Lodhi Colony');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveValue('Art');
    expect(within(dialog).getByLabelText(/^Task 1/)).toHaveValue('Find the mural of the blue elephant.');
    expect(within(dialog).getByLabelText(/^Base XP/)).toHaveValue('60');

    const title = within(dialog).getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.paste('  Murals of Lodhi ');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Difficulty/), 'Hard');
    // A blank task row and a blank tip row are dropped.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(within(dialog).getByLabelText(/^Task 3/)).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tip' }));
    await userEvent.clear(within(dialog).getByLabelText(/^Base XP/));
    await userEvent.paste('250');
    expect(
      within(dialog).getByText('Not a whole number from 1 to 100: it will be saved as 10.'),
    ).toBeInTheDocument();
    // Pasted tags are split at commas, trimmed, and a tag already there in another letter case is ignored.
    await userEvent.click(within(dialog).getByLabelText(/^Tags/));
    await userEvent.paste(' history , Walking,,STREET ART');
    await userEvent.click(within(dialog).getByLabelText(/Featured quest/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Quest' })).toBeNull());
    expect(bodies).toEqual([
      {
        title: 'Murals of Lodhi',
        description: 'Walk the lanes of Lodhi Colony and find five of its most famous murals.',
        category: 'Art',
        difficulty: 'Hard',
        tasks: [
          {
            description: 'Find the mural of the blue elephant.',
            hint: 'It is on the back wall of the old post office.',
          },
          { description: 'Photograph the mural with the giant hands.' },
        ],
        tips: ['Go early in the morning.'],
        xp: 10,
        tags: ['street art', 'walking', 'history'],
        featured: true,
      },
    ]);
    const details = screen.getByRole('dialog', { name: 'Quest Details' });
    expect(within(details).getByRole('status')).toHaveTextContent('“Murals of Lodhi” was saved.');
    expect(within(details).getByRole('heading', { name: 'Murals of Lodhi' })).toBeInTheDocument();
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it('requires title, description and a task, and keeps one task row and one tip row', async () => {
    const dialog = await openEdit(
      aQuest({ tips: [], tasks: [{ _id: QUEST_ID, order: 1, description: 'Only task', hint: null }] }),
    );
    expect(within(dialog).getByRole('button', { name: 'Remove task 1' })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Tip 1/)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Remove tip 1' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add task' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove task 2' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Task 2/ })).toBeNull();

    await userEvent.clear(within(dialog).getByLabelText(/^Title/));
    await userEvent.clear(within(dialog).getByLabelText(/^Description/));
    await userEvent.clear(within(dialog).getByLabelText(/^Task 1/));
    await userEvent.type(within(dialog).getByLabelText(/^Task 1/), '  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one task is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Task 1/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('puts the fields the server refuses on their inputs, counting filled rows as the server does', async () => {
    api.on('PUT', `/admin/quests/${QUEST_ID}`, () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Validation failed',
        errors: [
          { field: 'title', message: 'Title must not contain control characters' },
          { field: 'tasks.1.description', message: 'Description must not contain control characters' },
        ],
      },
    }));
    const dialog = await openEdit();
    const title = within(dialog).getByLabelText(/^Title/);
    expect(title).toHaveAttribute('maxLength', '80');
    // A blank first row is left out of the body, so the server's second task is the form's third row.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add task' }));
    await userEvent.clear(within(dialog).getByLabelText(/^Task 1/));
    await userEvent.type(within(dialog).getByLabelText(/^Task 3/), 'A third task');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Title must not contain control characters')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Task 3/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Task 2/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows "Error updating quest" with the server message and keeps the form', async () => {
    api.on('PUT', `/admin/quests/${QUEST_ID}`, () => fail(400, 'Title is required'));
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating quest: Title is required',
    );
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Murals of Lodhi Colony');
  });
});
