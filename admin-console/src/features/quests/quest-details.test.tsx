import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp } from '../../test-support/render-app.tsx';
import {
  approveCurrentVersionOnly,
  aQuest,
  openDetails,
  pageOf,
  QUEST_ID,
  setUpModerationApi,
} from './quest-moderation.fixtures.ts';

const { api, queries, serve } = setUpModerationApi();

describe('quest details', () => {
  it('shows description, tasks in order, creator, date, rating, completions, photos and route', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    const dialog = await openDetails();
    expect(within(dialog).getByRole('heading', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Walk the lanes of Lodhi Colony/)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Accessibility notes' })).toBeInTheDocument();
    expect(within(dialog).getByText(/^Flat lanes with step-free kerbs/)).toBeInTheDocument();
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
      'https://files.cityquest.app/quests/8e2b.webp',
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

  it('reloads the details when the quest changed since they were opened, then approves what was read', async () => {
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
    const dialog = await openDetails();
    quest = aQuest({ description: 'Now a walk to a private party.', updatedAt: '2026-10-05T08:00:00.000Z' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This quest changed since you opened it.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await within(dialog).findByText('Now a walk to a private party.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('was approved');
    expect(seen).toEqual(['2026-10-04T12:30:00.000Z', '2026-10-05T08:00:00.000Z']);
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
