import { apiKey } from '@cityquest/web-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format-date.ts';
import { fail, ok, renderApp } from '../../test-support/render-app.tsx';
import {
  aMatch,
  anEvidence,
  aPendingProof,
  aTaskProof,
  MATCH_URL,
  openReview,
  pageOf,
  QUEST_ID,
  setUpProofQueue,
  USER_ID,
} from './proof-queue.fixtures.ts';

// The admin console's proof queue, a proof's review: its evidence, then approval or rejection with feedback.
const { api, queries, servePending, claimCalls } = setUpProofQueue();

describe('task proof verification: a review', () => {
  // First: a review another test leaves open releases its claim after that test, into the next test's calls.
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
});
