import type { Schema } from '@cityquest/contract';
import { apiKey } from '@cityquest/web-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format-date.ts';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type PendingProof = Schema<'PendingProof'>;
type TaskProof = Schema<'ModeratorTaskProof'>;
type Evidence = Schema<'ProofEvidence'>;
type PhotoMatch = Schema<'PhotoMatch'>;

const QUEST_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
const USER_ID = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';
const PROGRESS_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c51';
const CLAIM_PATH = '/admin/quest-progress/{progressId}/task/{order}/claim';
/** Another moderator, who may hold a proof. */
const ASHA = {
  _id: '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e93',
  username: 'asha',
  fullName: 'Asha Verma',
  avatar: null,
};

const QUEST = { _id: QUEST_ID, title: 'Murals of Lodhi Colony', category: 'Art', city: 'New Delhi' } as const;
const MATCH_URL = 'https://api.cityquest.app/uploads/proofs/e5f6.webp?expires=1794312000&signature=sig';

function aMatch(overrides: Partial<PhotoMatch> = {}): PhotoMatch {
  return {
    kind: 'other_explorer',
    photoIndex: 0,
    distance: 3,
    imageUrl: MATCH_URL,
    quest: QUEST,
    taskOrder: 2,
    user: {
      _id: '4d5e6f70-8192-4a3b-9c4d-5e6f7a8b9c04',
      username: 'meera',
      fullName: 'Meera Nair',
      avatar: null,
    },
    progressId: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a05',
    ...overrides,
  };
}

function anEvidence(overrides: Partial<Evidence> = {}): Evidence {
  return {
    stop: { order: 2, name: 'Giant hands wall' },
    distanceToStopMeters: 12,
    takenAt: '2026-11-10T07:55:00.000Z',
    startedAt: '2026-11-10T07:30:00.000Z',
    submittedAt: '2026-11-10T08:20:00.000Z',
    timing: 'during_quest',
    missing: [],
    matches: [],
    tracking: null,
    ...overrides,
  };
}

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
    evidence: anEvidence(),
    flags: [],
    claim: null,
    ...overrides,
  };
}

function aPendingProof(overrides: Partial<PendingProof> = {}): PendingProof {
  return {
    _id: PROGRESS_ID,
    quest_id: QUEST,
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

/** Picks an option of one of the queue's selects, as a moderator does. */
async function choose(label: string, option: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

/** The claim and release calls made so far, as "POST 2" (method and task order). */
const claimCalls = () =>
  api.calls
    .filter((call) => call.path.endsWith('/claim'))
    .map((call) => `${call.method} ${call.path.split('/').at(-2)}`);

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
  const admin = signInAs('admin');
  api.on('POST', CLAIM_PATH, () =>
    ok({
      moderator: { _id: admin._id, username: admin.username, fullName: admin.fullName, avatar: null },
      expiresAt: '2026-11-10T08:35:00.000Z',
    }),
  );
  api.on('DELETE', CLAIM_PATH, () => ok({ _id: PROGRESS_ID }));
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

  it('shows the proof: notes, images opening in a new tab, file sizes, time and the evidence', async () => {
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
    expect(within(dialog).getByText('Taken 12 m from Stop 2 (Giant hands wall)')).toBeInTheDocument();
    expect(within(dialog).getByText('Photo location 28.58690, 77.22310')).toBeInTheDocument();
    expect(within(dialog).getByText('Taken while the quest was in progress')).toBeInTheDocument();
    expect(within(dialog).queryByText('Warning:')).toBeNull();
  });

  it('says when the photo carries no location or time', async () => {
    const task = aTaskProof({
      photoLocation: null,
      photoTakenAt: null,
      photoDistanceMeters: null,
      evidence: anEvidence({
        distanceToStopMeters: null,
        takenAt: null,
        timing: null,
        missing: ['location', 'capture_time'],
      }),
      flags: ['missing_metadata'],
    });
    servePending(() => pageOf([aPendingProof({ taskProofs: { '2': task } })]));
    renderApp('/admin/proofs');
    const card = await screen.findByRole('article', { name: 'Murals of Lodhi Colony' });
    expect(within(card).getByText('Missing photo data')).toBeInTheDocument();
    const dialog = await openReview(2);
    expect(within(dialog).getByText('The photo has no location')).toBeInTheDocument();
    expect(within(dialog).getByText('The photo has no capture time')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Warning:')).toHaveLength(2);
  });

  it('marks a proof with no stop to compare and no location as needing a look, and says evidence can be forged', async () => {
    const task = aTaskProof({
      photoLocation: null,
      photoTakenAt: null,
      photoDistanceMeters: null,
      evidence: anEvidence({
        stop: null,
        distanceToStopMeters: null,
        takenAt: null,
        timing: null,
        missing: ['location', 'capture_time'],
      }),
      flags: ['missing_metadata', 'no_stop_to_compare', 'no_location'],
    });
    servePending(() => pageOf([aPendingProof({ taskProofs: { '2': task } })]));
    renderApp('/admin/proofs');
    const card = await screen.findByRole('article', { name: 'Murals of Lodhi Colony' });
    expect(within(card).getByText('No stop to compare with')).toBeInTheDocument();
    expect(within(card).getByText('No location at all')).toBeInTheDocument();
    // Not among the proofs "Approve N without flags" would send.
    expect(screen.queryByRole('button', { name: /without flags/ })).toBeNull();
    const dialog = await openReview(2);
    expect(
      within(dialog).getByText('Needs a look: this task has no stop to compare the proof with'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Needs a look: neither the photo nor a shared live position says where the explorer was',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByText('Warning:')).toHaveLength(4);
    expect(within(dialog).getByText(/can be forged: no flag is a hint, not proof\./)).toBeInTheDocument();
  });

  it('shows the photo data alone for a proof sent before the server gathered evidence', async () => {
    const task = aTaskProof({
      photoLocation: null,
      photoTakenAt: null,
      photoDistanceMeters: null,
      evidence: null,
    });
    servePending(() => pageOf([aPendingProof({ taskProofs: { '2': task } })]));
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    expect(
      within(dialog).getByText('No evidence: this proof was sent before the server gathered it.'),
    ).toBeInTheDocument();
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
    servePending(() =>
      pageOf([aPendingProof({ taskProofs: { '1': aTaskProof({ taskOrder: 1, notes: '' }) } })]),
    );
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
    servePending(() => pageOf([aPendingProof({ taskProofs: { '1': aTaskProof({ taskOrder: 1 }) } })]));
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

  it('claims the proof on open, shows its evidence, and releases it on close', async () => {
    const task = aTaskProof({
      flags: ['far_from_stop', 'taken_before_start', 'duplicate_photo'],
      evidence: anEvidence({
        distanceToStopMeters: 2140,
        timing: 'before_start',
        takenAt: '2026-11-10T07:55:00.000Z',
        startedAt: '2026-11-10T09:00:00.000Z',
        submittedAt: '2026-11-10T09:40:00.000Z',
        tracking: {
          recordedAt: '2026-11-10T09:37:00.000Z',
          accuracyMeters: 15,
          distanceToStopMeters: 2080,
          distanceToPhotoMeters: 60,
        },
        matches: [
          aMatch(),
          aMatch({
            kind: 'own_other_task',
            photoIndex: 1,
            taskOrder: 1,
            user: null,
            imageUrl: `${MATCH_URL}&own`,
          }),
          aMatch({
            kind: 'quest_photo',
            taskOrder: null,
            user: null,
            progressId: null,
            imageUrl: 'https://files.cityquest.app/quests/4d1a.webp',
          }),
        ],
      }),
    });
    servePending(() => pageOf([aPendingProof({ taskProofs: { '2': task } })]));
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    await waitFor(() => expect(claimCalls()).toEqual(['POST 2']));
    expect(within(dialog).getByText('Taken 2.1 km from Stop 2 (Giant hands wall)')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Live position shortly before sending: 2.1 km from Stop 2, 60 m from where the photo was taken',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        `Taken before the quest was started (photo ${formatDateTime('2026-11-10T07:55:00.000Z')}, started ${formatDateTime('2026-11-10T09:00:00.000Z')})`,
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Near copy of @meera's proof for Task 2 of Murals of Lodhi Colony"),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Near copy of this explorer's proof for Task 1 of Murals of Lodhi Colony"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Near copy of one of the quest's own photos")).toBeInTheDocument();
    const match = within(dialog).getByRole('link', { name: 'Matching photo 1, opens in a new tab' });
    expect(match).toHaveAttribute('href', MATCH_URL);
    expect(match).toHaveAttribute('target', '_blank');
    expect(within(dialog).getAllByText('Matches photo 1 of this proof')).toHaveLength(2);
    expect(within(dialog).getByText('Matches photo 2 of this proof')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Warning:')).toHaveLength(5);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(claimCalls()).toEqual(['POST 2', 'DELETE 2']));
  });

  it('approves with the a key and moves on to the next proof; j and k step through the page', async () => {
    const nextImage = 'https://api.cityquest.app/uploads/proofs/f7a8.webp?expires=1794312000&signature=sig';
    let pending = [
      aPendingProof({
        taskProofs: {
          '1': aTaskProof({ taskOrder: 1 }),
          '2': aTaskProof({ proofImages: [nextImage] }),
        },
      }),
    ];
    servePending(() => pageOf(pending));
    const bodies: unknown[] = [];
    api.on('POST', `/admin/verify-task/${QUEST_ID}/1`, (_request, body) => {
      bodies.push(body);
      pending = [aPendingProof({ taskProofs: { '2': aTaskProof({ proofImages: [nextImage] }) } })];
      return ok(aPendingProof());
    });
    renderApp('/admin/proofs');
    const dialog = await openReview(1);
    expect(within(dialog).getByText('Press ? for keyboard shortcuts')).toBeInTheDocument();
    expect(within(dialog).getByText('Proof 1 of 2 on this page')).toBeInTheDocument();
    // The next proof's photo loads ahead.
    expect(
      Array.from(document.querySelectorAll('link[rel="prefetch"]'), (link) => link.getAttribute('href')),
    ).toEqual([nextImage]);

    await userEvent.keyboard('j');
    expect(await screen.findByRole('dialog', { name: 'Review Task 2' })).toBeInTheDocument();
    await userEvent.keyboard('k');
    expect(await screen.findByRole('dialog', { name: 'Review Task 1' })).toBeInTheDocument();

    await userEvent.keyboard('a');
    const next = await screen.findByRole('dialog', { name: 'Review Task 2' });
    expect(bodies).toEqual([{ userId: USER_ID, approved: true }]);
    expect(within(next).getByText('Task 1 approved.')).toBeInTheDocument();
    // Each proof is claimed when shown and released when left (the decided one included).
    await waitFor(() =>
      expect(claimCalls().filter((call) => call.endsWith(' 1'))).toEqual([
        'POST 1',
        'DELETE 1',
        'POST 1',
        'DELETE 1',
      ]),
    );
    expect(claimCalls().filter((call) => call.endsWith(' 2'))).toEqual(['POST 2', 'DELETE 2', 'POST 2']);
  });

  it('closes after the last decision and shows it on the page', async () => {
    let pending = [aPendingProof({ taskProofs: { '2': aTaskProof() } })];
    servePending(() => pageOf(pending));
    api.on('POST', `/admin/verify-task/${QUEST_ID}/2`, () => {
      pending = [];
      return ok(aPendingProof());
    });
    renderApp('/admin/proofs');
    await openReview(2);
    await userEvent.keyboard('a');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Task 2 approved.');
  });

  it('selects Reject and focuses Feedback with the r key, where typing is text, not shortcuts', async () => {
    servePending(() => pageOf([aPendingProof()]));
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    await userEvent.keyboard('r');
    expect(within(dialog).getByRole('radio', { name: 'Reject' })).toBeChecked();
    const feedback = within(dialog).getByRole('textbox', { name: /Feedback/ });
    expect(feedback).toHaveFocus();
    await userEvent.keyboard('a jk');
    expect(feedback).toHaveValue('a jk');
    expect(screen.getByRole('dialog', { name: 'Review Task 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject Task' })).toBeEnabled();
  });

  it('lists the keyboard shortcuts with the ? key', async () => {
    servePending(() => pageOf([aPendingProof()]));
    renderApp('/admin/proofs');
    await openReview(2);
    await userEvent.keyboard('?');
    const shortcuts = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(shortcuts).getByText('Approve at once')).toBeInTheDocument();
    expect(within(shortcuts).getByText('Reject and write feedback')).toBeInTheDocument();
    expect(within(shortcuts).getByText('Next proof')).toBeInTheDocument();
    expect(within(shortcuts).getByText('Previous proof')).toBeInTheDocument();
  });

  it('says who holds a proof another moderator is reviewing and offers to skip it', async () => {
    servePending(() => pageOf([aPendingProof()]));
    api.on('POST', `/admin/quest-progress/${PROGRESS_ID}/task/2/claim`, () =>
      fail(409, '@asha is reviewing this task proof (claimed for 3 more minutes)'),
    );
    const bodies: unknown[] = [];
    api.on('POST', `/admin/verify-task/${QUEST_ID}/2`, (_request, body) => {
      bodies.push(body);
      return ok(aPendingProof());
    });
    renderApp('/admin/proofs');
    const dialog = await openReview(2);
    expect(
      await within(dialog).findByText('@asha is reviewing this task proof (claimed for 3 more minutes)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve Task' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /Feedback/ })).toBeDisabled();
    await userEvent.keyboard('a');
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip to next' }));
    const next = await screen.findByRole('dialog', { name: 'Review Task 1' });
    expect(within(next).getByRole('button', { name: 'Approve Task' })).toBeEnabled();
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
