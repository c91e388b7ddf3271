import { QUEST_TEXT_FIELDS, questTextBox } from '@cityquest/web-client/quest-form';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp } from '../../test-support/render-app.tsx';
import { QUEST_TEXT_LABELS } from './quest-edit-modal.tsx';
import { aQuest, openDetails, pageOf, QUEST_ID, setUpModerationApi } from './quest-moderation.fixtures.ts';

const { api, queries, serve } = setUpModerationApi();

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
    expect(within(dialog).getByLabelText(/^Address/)).toHaveValue('Lodhi Colony Market');
    await userEvent.clear(within(dialog).getByLabelText(/^City/));
    await userEvent.paste(' Delhi ');
    await userEvent.clear(within(dialog).getByLabelText(/^Estimated time/));
    await userEvent.paste('1 hour');
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
    await userEvent.clear(within(dialog).getByLabelText(/^Accessibility notes/));
    await userEvent.paste(' Benches by the market. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Quest' })).toBeNull());
    expect(bodies).toEqual([
      {
        title: 'Murals of Lodhi',
        subtitle: "India's first open-air art district",
        description: 'Walk the lanes of Lodhi Colony and find five of its most famous murals.',
        address: 'Lodhi Colony Market',
        city: 'Delhi',
        state: 'Delhi',
        pincode: '110003',
        estimatedTime: '1 hour',
        proofInstructions: 'Take a photo of each mural with its signature visible.',
        accessibilityNotes: 'Benches by the market.',
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

  it('has a box for every text field of the contract, bounded and required as the contract says', async () => {
    const dialog = await openEdit();
    for (const field of QUEST_TEXT_FIELDS) {
      const label = i18next.t(QUEST_TEXT_LABELS[field]).replace(/[()]/g, '\\$&');
      const box = within(dialog).getByLabelText(new RegExp(`^${label}( \\*)?$`));
      const { required, maxLength } = questTextBox(field);
      expect(box).toHaveAttribute('maxLength', String(maxLength));
      if (required) expect(box).toBeRequired();
      else expect(box).not.toBeRequired();
    }
  });

  it('requires title, description, city, a digits-only pincode and a task, and keeps one task row and one tip row', async () => {
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
    await userEvent.clear(within(dialog).getByLabelText(/^City/));
    await userEvent.type(within(dialog).getByLabelText(/^Pincode/), 'x');
    await userEvent.clear(within(dialog).getByLabelText(/^Task 1/));
    await userEvent.type(within(dialog).getByLabelText(/^Task 1/), '  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('City is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Pincode must be digits only, up to 10')).toBeInTheDocument();
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
