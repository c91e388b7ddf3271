import { apiKey, type Schema } from '@cityquest/openapi';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type PendingProof = Schema<'PendingProof'>;
type TaskProof = Schema<'ModeratorTaskProof'>;

const QUEST_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
const USER_ID = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';

function aTaskProof(overrides: Partial<TaskProof> = {}): TaskProof {
  return {
    taskOrder: 2,
    status: 'submitted',
    notes: 'The giant hands.',
    proofImages: ['https://api.cityquest.app/uploads/proofs/c3d4.webp?expires=1794312000&signature=sig'],
    proofFiles: [
      {
        name: 'hands.jpg',
        size: 512_330,
        url: 'https://api.cityquest.app/uploads/proofs/c3d4.webp?expires=1794312000&signature=sig',
      },
    ],
    feedback: null,
    submittedAt: '2026-11-10T08:20:00.000Z',
    reviewedAt: null,
    photoLocation: { lat: 28.5869, lng: 77.2231 },
    photoTakenAt: '2026-11-10T07:55:00.000Z',
    photoDistanceMeters: 12,
    ...overrides,
  };
}

function aPendingProof(overrides: Partial<PendingProof> = {}): PendingProof {
  return {
    _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c51',
    quest_id: { _id: QUEST_ID, title: 'Murals of Lodhi Colony', category: 'Art', city: 'New Delhi' },
    user_id: { _id: USER_ID, username: 'ravi', fullName: 'Ravi Kumar', avatar: null },
    total_tasks: 3,
    taskProofs: { '2': aTaskProof(), '1': aTaskProof({ taskOrder: 1, notes: '' }) },
    ...overrides,
  };
}

const pageOf = (proofs: PendingProof[], totalProofs = proofs.length, currentPage = 1) => ({
  proofs,
  pagination: {
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalProofs / 10)),
    totalProofs,
    totalCapped: false,
    hasNextPage: currentPage * 10 < totalProofs,
    hasPreviousPage: currentPage > 1,
  },
});

let api: ReturnType<typeof setupApi>;
let queries: URLSearchParams[];

function servePending(answer: (page: number) => ReturnType<typeof pageOf>) {
  queries = [];
  api.on('GET', '/admin/proofs/pending', (request) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return ok(answer(Number(query.get('page') ?? 1)));
  });
}

async function openReview(order: number) {
  await userEvent.click(
    await screen.findByRole('button', {
      name: `Review task ${order} of Murals of Lodhi Colony by Ravi Kumar`,
    }),
  );
  return screen.findByRole('dialog', { name: `Review Task ${order}` });
}

beforeEach(() => {
  api = setupApi();
  signInAs('admin');
});

describe('task proof verification', () => {
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

  it('shows the proof: notes, images opening in a new tab, file sizes, time and the photo data', async () => {
    servePending(() => pageOf([aPendingProof()]));
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    expect(within(dialog).getByText('Murals of Lodhi Colony')).toBeInTheDocument();
    expect(within(dialog).getByText('@ravi')).toBeInTheDocument();
    expect(within(dialog).getByText('The giant hands.')).toBeInTheDocument();
    const image = within(dialog).getByRole('link', { name: 'Proof photo 1, opens in a new tab' });
    expect(image).toHaveAttribute(
      'href',
      'https://api.cityquest.app/uploads/proofs/c3d4.webp?expires=1794312000&signature=sig',
    );
    expect(image).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByText('hands.jpg')).toBeInTheDocument();
    expect(within(dialog).getByText('500.32 KB')).toBeInTheDocument();
    expect(within(dialog).getByText('28.58690, 77.22310')).toBeInTheDocument();
    expect(within(dialog).getByText('12 m')).toBeInTheDocument();
  });

  it('says when the photo carries no location or time', async () => {
    const task = aTaskProof({ photoLocation: null, photoTakenAt: null, photoDistanceMeters: null });
    servePending(() => pageOf([aPendingProof({ taskProofs: { '2': task } })]));
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    expect(within(dialog).getByText('The photo carries no location.')).toBeInTheDocument();
    expect(within(dialog).getByText('The photo carries no capture time.')).toBeInTheDocument();
    expect(within(dialog).getByText('Not available')).toBeInTheDocument();
  });

  it('approves without feedback, shows Processing..., and reloads the list', async () => {
    let pending = [aPendingProof()];
    servePending(() => pageOf(pending));
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    api.on('POST', `/admin/verify-task/${QUEST_ID}/2`, (_request, body) => {
      bodies.push(body);
      return new Promise((resolve) => {
        release = () => {
          pending = [];
          resolve(ok(aPendingProof()));
        };
      });
    });
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve Task' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('No pending task proofs to review')).toBeInTheDocument();
    expect(bodies).toEqual([{ userId: USER_ID, approved: true }]);
    expect(screen.getByRole('status')).toHaveTextContent('Task 2 approved.');
    expect(queries).toHaveLength(2);
  });

  it('requires feedback to reject and sends it', async () => {
    servePending(() => pageOf([aPendingProof()]));
    const bodies: unknown[] = [];
    api.on('POST', `/admin/verify-task/${QUEST_ID}/1`, (_request, body) => {
      bodies.push(body);
      return ok(aPendingProof());
    });
    renderApp('/admin/proofs');
    const dialog = await openReview(1);
    expect(within(dialog).getByText('No notes were added.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reject' }));
    const submit = within(dialog).getByRole('button', { name: 'Reject Task' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Feedback/ }), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Feedback/ }),
      'The mural is not visible',
    );
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ userId: USER_ID, approved: false, feedback: 'The mural is not visible' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Task 1 rejected');
  });

  it('keeps the modal open with the server message when the decision fails', async () => {
    servePending(() => pageOf([aPendingProof()]));
    api.on('POST', `/admin/verify-task/${QUEST_ID}/2`, () => fail(409, 'This proof was already reviewed'));
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve Task' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This proof was already reviewed');
    expect(within(dialog).getByRole('button', { name: 'Approve Task' })).toBeEnabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
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

  it('shows a refused feedback on its field, and a decision refreshes the counters', async () => {
    servePending(() => pageOf([aPendingProof()]));
    api.on('POST', `/admin/verify-task/${QUEST_ID}/1`, () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'feedback', message: 'Feedback must be at most 1000 characters long' }],
      },
    }));
    const { router } = renderApp('/admin/proofs');
    const { queryClient } = router.options.context;
    queryClient.setQueryData(apiKey('/admin/dashboard'), { pendingProofs: 2 });
    const dialog = await openReview(1);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reject' }));
    const feedback = within(dialog).getByRole('textbox', { name: /Feedback/ });
    expect(feedback).toHaveAttribute('maxLength', '1000');
    await userEvent.type(feedback, 'Blurry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Task' }));
    expect(
      await within(dialog).findByText('Feedback must be at most 1000 characters long'),
    ).toBeInTheDocument();
    expect(feedback).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(queryClient.getQueryState(apiKey('/admin/dashboard'))?.isInvalidated).toBe(false);

    api.on('POST', `/admin/verify-task/${QUEST_ID}/1`, () => ok(aPendingProof()));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queryClient.getQueryState(apiKey('/admin/dashboard'))?.isInvalidated).toBe(true);
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
