import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp } from '../../test-support/render-app.tsx';
import {
  aPendingProof,
  aTaskProof,
  openReview,
  PROGRESS_ID,
  pageOf,
  QUEST_ID,
  setUpProofQueue,
  USER_ID,
} from './proof-queue.fixtures.ts';

// The admin console's proof queue, reviewing from the keyboard, and proofs another moderator holds.
const { api, servePending, claimCalls } = setUpProofQueue();

describe('task proof verification: keyboard and claims', () => {
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
});
