import { apiKey } from '@cityquest/web-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp, signInAs } from '../../test-support/render-app.tsx';
import {
  approveCurrentVersionOnly,
  aQuest,
  card,
  pageOf,
  QUEST_ID,
  setUpModerationApi,
} from './quest-moderation.fixtures.ts';

const { api, queries, serve } = setUpModerationApi();

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
    // The approval names the version the card showed (docs/product-rules/moderation.md#quest-review).
    expect(bodies).toEqual([
      { feedback: 'Quest approved by admin', seenUpdatedAt: '2026-10-04T12:30:00.000Z' },
    ]);
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
    // Decided by someone else meanwhile: reloading shows the quest as it is now.
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Reload when the quest changed since it was shown, and approves the version read after it', async () => {
    let quest = aQuest();
    serve(() => pageOf([quest]));
    const seen = approveCurrentVersionOnly(
      api,
      () => quest,
      (approved) => {
        quest = approved;
      },
    );
    renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    // The creator edits the quest while the card is on screen.
    quest = aQuest({ description: 'Now a walk to a private party.', updatedAt: '2026-10-05T08:00:00.000Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Error approving quest: This quest changed since you opened it. Reload it, read the changes, then decide again.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(queries).toHaveLength(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Murals of Lodhi Colony' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“Murals of Lodhi Colony” was approved.');
    expect(seen).toEqual(['2026-10-04T12:30:00.000Z', '2026-10-05T08:00:00.000Z']);
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
