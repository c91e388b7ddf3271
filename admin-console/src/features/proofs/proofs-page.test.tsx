import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp, signInAs } from '../../test-support/render-app.tsx';
import {
  ASHA,
  aPendingProof,
  aTaskProof,
  choose,
  openReview,
  PROGRESS_ID,
  pageOf,
  QUEST_ID,
  setUpProofQueue,
} from './proof-queue.fixtures.ts';

// The admin console's proof queue: pending task proofs per quest and explorer, pages, flags, claims shown on the
// list, bulk approval, empty and failed lists.
const { api, queries, servePending } = setUpProofQueue();

describe('task proof verification: the queue', () => {
  it('names the Hidden Gems category as people read it', async () => {
    servePending(() =>
      pageOf([
        aPendingProof({
          quest_id: { _id: QUEST_ID, title: 'Stepwell Secrets', category: 'HiddenGems', city: 'Bengaluru' },
        }),
      ]),
    );
    renderApp('/admin/proofs');
    const card = await screen.findByRole('article', { name: 'Stepwell Secrets' });
    expect(within(card).getByText('Hidden Gems · Bengaluru')).toBeInTheDocument();
  });

  it('lists pending submissions per quest and explorer with a Review per task, 10 a page', async () => {
    servePending(() => pageOf([aPendingProof()]));
    renderApp('/admin/proofs');
    const card = await screen.findByRole('article', { name: 'Murals of Lodhi Colony' });
    expect(within(card).getByText('Art · New Delhi')).toBeInTheDocument();
    expect(within(card).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(card).getByText('2 of 3 tasks waiting for review')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button', { name: /^Review task/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Review task 1 of Murals of Lodhi Colony by Ravi Kumar',
      'Review task 2 of Murals of Lodhi Colony by Ravi Kumar',
    ]);
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({ page: '1', limit: '10' });
  });

  it('pages by 10 and reloads on demand', async () => {
    servePending((page) => pageOf([aPendingProof()], 14, page));
    renderApp('/admin/proofs');
    expect(await screen.findByText('Showing 1 to 10 of 14 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 14 of 14 results')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.at(-1)?.get('page')).toBe('2');
  });

  it('returns to the last page when the only submission of the last page was verified', async () => {
    let total = 11;
    const second = aPendingProof({ _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c99' });
    servePending((page) =>
      page === 2 && total === 11
        ? pageOf([second], total, 2)
        : pageOf(page === 1 ? [aPendingProof()] : [], total, page),
    );
    api.on('POST', `/admin/verify-task/${QUEST_ID}/2`, () => {
      total = 10;
      return ok(second);
    });
    renderApp('/admin/proofs');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 11 of 11 results')).toBeInTheDocument();
    const dialog = await openReview(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve Task' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('1'));
    expect(await screen.findByRole('article', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('keeps the page in the address, so a refresh or a link shows the same page', async () => {
    servePending((page) => pageOf([aPendingProof()], 14, page));
    const { router, unmount } = renderApp('/admin/proofs');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    unmount();

    servePending((page) => pageOf([aPendingProof()], 14, page));
    renderApp('/admin/proofs?page=2');
    expect(await screen.findByText('Showing 11 to 14 of 14 results')).toBeInTheDocument();
    expect(queries.map((query) => query.get('page'))).toEqual(['2']);
  });

  it('shows flags as badges, narrows the queue by a flag and orders it, the choice in the address', async () => {
    const flagged = aTaskProof({ flags: ['far_from_stop', 'duplicate_photo'] });
    servePending((page) =>
      pageOf([aPendingProof({ taskProofs: { '1': aTaskProof({ taskOrder: 1 }), '2': flagged } })], 14, page),
    );
    const { router } = renderApp('/admin/proofs?page=2&sort=sideways&flag=all');
    const card = await screen.findByRole('article', { name: 'Murals of Lodhi Colony' });
    const [first, second] = within(card).getAllByRole('listitem');
    expect(within(first as HTMLElement).queryByText('Far from the stop')).toBeNull();
    expect(within(second as HTMLElement).getByText('Far from the stop')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Duplicate photo')).toBeInTheDocument();
    // Unknown or default values are left out of the request and the address.
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({ page: '2', limit: '10' });

    await choose('Show', 'Any flag');
    await waitFor(() => expect(queries.at(-1)?.get('flag')).toBe('flagged'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toEqual({ flag: 'flagged' });

    await choose('Order', 'Most flags first');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('risk'));
    expect(router.state.location.search).toEqual({ flag: 'flagged', sort: 'risk' });

    await choose('Order', 'Longest waiting first');
    await waitFor(() => expect(router.state.location.search).toEqual({ flag: 'flagged' }));
  });

  it('shows who is reviewing a proof and keeps others from opening it', async () => {
    const held = aTaskProof({ claim: { moderator: ASHA, expiresAt: '2026-11-10T08:35:00.000Z' } });
    const flagged = aTaskProof({ taskOrder: 1, flags: ['taken_before_start'] });
    servePending(() => pageOf([aPendingProof({ taskProofs: { '1': flagged, '2': held } })]));
    renderApp('/admin/proofs');
    const card = await screen.findByRole('article', { name: 'Murals of Lodhi Colony' });
    expect(within(card).getByText('Being reviewed by @asha')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', {
        name: 'Task 2 of Murals of Lodhi Colony by Ravi Kumar is being reviewed by @asha',
      }),
    ).toBeDisabled();
    expect(
      within(card).getByRole('button', { name: 'Review task 1 of Murals of Lodhi Colony by Ravi Kumar' }),
    ).toBeEnabled();
    // Nothing on the page is both unflagged and free.
    expect(screen.queryByRole('button', { name: /without flags/ })).toBeNull();
  });

  it('approves the unflagged proofs nobody else holds at once, after a confirmation, and lists refusals', async () => {
    const viewer = signInAs('admin');
    const other = '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c26';
    const own = '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d37';
    let pending = [
      aPendingProof({
        taskProofs: { '1': aTaskProof({ taskOrder: 1 }), '2': aTaskProof({ flags: ['duplicate_photo'] }) },
      }),
      aPendingProof({
        _id: other,
        user_id: {
          _id: '3c4d5e6f-7081-4a92-8b3c-4d5e6f7a8b93',
          username: 'meera',
          fullName: 'Meera Nair',
          avatar: null,
        },
        taskProofs: {
          '1': aTaskProof({
            taskOrder: 1,
            claim: { moderator: ASHA, expiresAt: '2026-11-10T08:35:00.000Z' },
          }),
          '2': aTaskProof(),
          '3': aTaskProof({ taskOrder: 3 }),
        },
      }),
      aPendingProof({
        _id: own,
        user_id: { _id: viewer._id, username: viewer.username, fullName: viewer.fullName, avatar: null },
      }),
    ];
    servePending(() => pageOf(pending));
    const bodies: unknown[] = [];
    api.on('POST', '/admin/proofs/approve', (_request, body) => {
      bodies.push(body);
      pending = [];
      return ok({
        approved: 2,
        results: [
          { progressId: PROGRESS_ID, taskOrder: 1, approved: true, message: null, questCompleted: false },
          { progressId: other, taskOrder: 2, approved: true, message: null, questCompleted: false },
          {
            progressId: other,
            taskOrder: 3,
            approved: false,
            message: 'This task proof has already been approved by @asha',
            questCompleted: false,
          },
        ],
      });
    });
    renderApp('/admin/proofs');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve 3 without flags' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve task proofs without flags' });
    expect(
      within(confirm).getByText(
        '3 task proofs on this page have no flag and nobody else is reviewing them. They will be approved.',
      ),
    ).toBeInTheDocument();
    expect(within(confirm).getByText(/Each decision is logged separately/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve 3' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('2 approved');
    expect(status).toHaveTextContent(
      'Task 3 of Murals of Lodhi Colony by Meera Nair: This task proof has already been approved by @asha',
    );
    expect(bodies).toEqual([
      {
        proofs: [
          { progressId: PROGRESS_ID, taskOrder: 1 },
          { progressId: other, taskOrder: 2 },
          { progressId: other, taskOrder: 3 },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No pending task proofs to review')).toBeInTheDocument();
  });

  it('hides the pagination on a single page and shows the empty state', async () => {
    servePending(() => pageOf([]));
    renderApp('/admin/proofs');
    expect(await screen.findByText('No pending task proofs to review')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows an Error banner with Dismiss when the list fails', async () => {
    api.on('GET', '/admin/proofs/pending', () => fail(500, 'Failed to fetch pending proofs'));
    renderApp('/admin/proofs');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to fetch pending proofs');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
