import { QUEST_TEXT_FIELDS, questTextBox } from '@cityquest/web-client/quest-form';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import strings from '../../lib/locales/create/en.json';
import { aQuest } from '../../test-support/quest-fixtures.ts';
import { fail, ok } from '../../test-support/render-app.tsx';
import {
  fill,
  fillValidQuest,
  openForm,
  photo,
  pickPlace,
  setUpCreateQuestApi,
} from './create-quest.fixtures.tsx';

vi.mock('@cityquest/shared-ui/map', () => import('./fake-quest-map.fixtures.tsx'));

const api = setUpCreateQuestApi();

describe('Create Quest form', () => {
  it('starts with two task boxes and one tip box, which can be added and removed', async () => {
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByLabelText('Task 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Task 2')).toBeInTheDocument();
    expect(screen.queryByLabelText('Task 3')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tip 1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tip 2')).not.toBeInTheDocument();
    // A single tip box cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove tip 1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Task' }));
    await fill(user, 'Task 3', 'Third task');
    await user.click(screen.getByRole('button', { name: 'Remove task 2' }));
    expect(screen.queryByLabelText('Task 3')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Task 2')).toHaveValue('Third task');

    await user.click(screen.getByRole('button', { name: 'Add Tip' }));
    expect(screen.getByLabelText('Tip 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove tip 1' }));
    expect(screen.queryByLabelText('Tip 2')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove tip 1' })).not.toBeInTheDocument();
  });

  it('lists every problem in the Validation Errors modal, in order, and sends nothing', async () => {
    const user = userEvent.setup();
    await openForm();
    await fill(user, 'Task 1', '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Quest for Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validation Errors' });
    expect(within(dialog).getByText('Please fix the following issues:')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'You must upload at least one quest photo.',
      'Quest title is required.',
      'Quest category is required.',
      'Difficulty level is required.',
      'Quest description is required.',
      'Address is required.',
      'City is required.',
      'Pincode is required.',
      'Start location is required.',
      'End location is required.',
      'Please add at least one quest task.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.path === '/quests/create-quest')).toBe(false);
  });

  it('has a box for every text field of the contract, bounded and required as the contract says', async () => {
    await openForm();
    for (const field of QUEST_TEXT_FIELDS) {
      const box = screen.getByLabelText(new RegExp(`^${strings.fields[field]}( \\*)?$`));
      const { required, maxLength } = questTextBox(field);
      expect(box).toHaveAttribute('maxLength', String(maxLength));
      if (required) expect(box).toBeRequired();
      else expect(box).not.toBeRequired();
    }
  });

  it('keeps only digits in the pincode and caps the title at 80 characters', async () => {
    const user = userEvent.setup();
    await openForm();
    await fill(user, /^Pincode/, '11-00 03abc');
    expect(screen.getByLabelText(/^Pincode/)).toHaveValue('110003');
    expect(screen.getByLabelText(/^Quest Title/)).toHaveAttribute('maxLength', '80');
    expect(screen.getByLabelText(/^Subtitle/)).toHaveAttribute('maxLength', '120');
  });

  it('submits the multipart quest, shows the banner, resets the form and opens My Quest after 2 s', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.on('POST', '/quests/create-quest', async () => {
      await answered;
      return ok(aQuest({ status: 'pending' }), 'Quest submitted');
    });
    const user = userEvent.setup();
    const { router } = await openForm();
    await fillValidQuest(user);
    await fill(user, 'Latitude', '28.59');
    await fill(user, 'Longitude', '77.22');
    await user.click(screen.getByRole('button', { name: 'Add Waypoint' }));
    await pickPlace(user, 'Add a Waypoint', 'Ga', 'Lodhi Garden');
    expect(
      within(screen.getByRole('list', { name: 'Map of the quest route' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lodhi Colony Market', '', 'Lodhi Garden', 'Meherchand Market']);

    await user.click(screen.getByRole('button', { name: 'Submit Quest for Review' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/quests/create-quest')).toBe(true));
    const call = api.calls.find((entry) => entry.path === '/quests/create-quest');
    const body = call?.body as FormData;
    expect(call?.method).toBe('POST');
    expect(body.get('title')).toBe('Murals of Lodhi Colony');
    expect(body.get('subtitle')).toBe('Open-air art district');
    expect(body.get('category')).toBe('HiddenGems');
    expect(body.get('difficulty')).toBe('Medium');
    expect(body.get('description')).toBe('Find five murals.');
    expect(body.get('address')).toBe('Lodhi Colony Market');
    expect(body.get('city')).toBe('New Delhi');
    expect(body.get('pincode')).toBe('110003');
    expect(JSON.parse(String(body.get('startLocation')))).toEqual({
      lat: 28.5879,
      lng: 77.2205,
      name: 'Lodhi Colony Market',
    });
    expect(JSON.parse(String(body.get('endLocation')))).toEqual({
      lat: 28.5861,
      lng: 77.2247,
      name: 'Meherchand Market',
    });
    expect(body.get('xp')).toBe('40');
    expect(body.get('tags')).toBe('street art, walking');
    expect(body.get('proofInstructions')).toBe('Show the signature.');
    // The blank second task is ignored.
    expect(JSON.parse(String(body.get('tasks')))).toEqual(['Photograph the blue elephant.']);
    expect(JSON.parse(String(body.get('tips')))).toEqual(['Go early.']);
    expect(JSON.parse(String(body.get('waypoints')))).toEqual([
      { lat: 28.59, lng: 77.22 },
      { lat: 28.5933, lng: 77.2197, name: 'Lodhi Garden', address: 'Lodhi Estate, New Delhi' },
    ]);
    // jsdom's File does not survive the multipart round trip with its name or bytes: count them.
    expect(body.getAll('photos')).toHaveLength(2);

    answer();
    expect(
      await screen.findByText(
        "Quest submitted for review successfully! You'll be redirected to your quests page.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Quest Title/)).toHaveValue('');
    expect(screen.getByText('No photos added yet.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Start Location/ })).toHaveValue('');
    expect(router.state.location.pathname).toBe('/create-quest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-quest'), { timeout: 3000 });
  });

  it("shows the server's message in a red banner at the top", async () => {
    api.on('POST', '/quests/create-quest', () => fail(413, 'A photo is larger than 10MB.'));
    const user = userEvent.setup();
    const { router } = await openForm();
    await fillValidQuest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Quest for Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A photo is larger than 10MB.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Quest Title/)).toHaveValue('Murals of Lodhi Colony');
    expect(router.state.location.pathname).toBe('/create-quest');
  });

  it("puts the server's field errors on their fields, and the others in the red banner", async () => {
    api.on('POST', '/quests/create-quest', () =>
      fail(400, 'Title must be at most 80 characters long', [
        { field: 'title', message: 'Title must be at most 80 characters long' },
        { field: 'tasks.0', message: 'Tasks must be at most 500 characters long' },
        { field: 'waypoints.0.lat', message: 'Lat must be at most 90' },
      ]),
    );
    const user = userEvent.setup();
    await openForm();
    await fillValidQuest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Quest for Review' }));
    const title = screen.getByLabelText(/^Quest Title/);
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(
        expect.stringContaining('Title must be at most 80 characters long'),
      ),
    );
    expect(title).toBeInvalid();
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText('Tasks must be at most 500 characters long')).toBeInTheDocument();
    const banner = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.includes('Lat must be at most 90'));
    expect(banner).toBeDefined();
    expect(banner).not.toHaveTextContent('Title must be at most');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses more tags, or longer ones, than a quest takes', async () => {
    const user = userEvent.setup();
    await openForm();
    await fillValidQuest(user);
    await user.clear(screen.getByLabelText('Tags'));
    await fill(user, 'Tags', Array.from({ length: 21 }, (_, index) => `tag ${index}`).join(', '));
    await user.click(screen.getByRole('button', { name: 'Submit Quest for Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validation Errors' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Use at most 20 tags of up to 30 characters each.',
    );
    expect(screen.getByLabelText('Tags')).toHaveAccessibleDescription(
      expect.stringContaining('Use at most 20 tags of up to 30 characters each.'),
    );
    expect(api.calls.some((call) => call.path === '/quests/create-quest')).toBe(false);
  });

  it('shows the network error in the Validation Errors modal', async () => {
    api.on('POST', '/quests/create-quest', () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    await openForm();
    await fillValidQuest(user);
    await user.click(screen.getByRole('button', { name: 'Submit Quest for Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validation Errors' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
  });

  it('accepts images only, previews them and removes one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openForm();
    await user.upload(screen.getByLabelText('Choose quest photos'), [
      photo('cover.png'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      photo('second.webp', 'image/webp'),
    ]);
    expect(screen.getByText('notes.pdf is not an image file.')).toBeInTheDocument();
    expect(screen.getByText('huge.png is larger than 10MB.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1: cover.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 2: second.webp' })).toBeInTheDocument();
    expect(screen.getByText('Cover')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove photo cover.png' }));
    expect(screen.queryByRole('img', { name: /cover.png/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1: second.webp' })).toBeInTheDocument();
  });

  it('opens a preview of the quest as it will look and closes it', async () => {
    const user = userEvent.setup();
    await openForm();
    await fill(user, /^Quest Title/, 'Murals of Lodhi Colony');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'HiddenGems');
    await fill(user, 'Task 1', 'Photograph the blue elephant.');
    await pickPlace(user, 'Start Location', 'Lo', 'Lodhi Colony Market');
    await fill(user, 'Accessibility notes', 'Step-free lanes.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quest Preview' });
    expect(within(dialog).getByText('Step-free lanes.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(within(dialog).getByText('Hidden Gems')).toBeInTheDocument();
    expect(within(dialog).getByText('0 XP suggested')).toBeInTheDocument();
    expect(within(dialog).getByText('Photograph the blue elephant.')).toBeInTheDocument();
    expect(within(dialog).getByText('Lodhi Colony Market')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close Preview' })[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
