import { aUser } from '@cityquest/contract/testing/users';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';
import { aProgressRecord, aTaskProof, playQuest as quest } from './quest-play.fixtures.ts';

// MapLibre needs WebGL, which jsdom lacks: the quest's map (after going back) stands in as a list.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <ol aria-label={ariaLabel} />,
}));

const path = `/quest-proof-upload/${quest._id}`;
const proofPath = (order: number) => `/quest-progress/task-proof/${quest._id}/${order}` as const;
const photo = () => new File(['png bytes'], 'elephant.png', { type: 'image/png' });

function stubGeolocation(outcome: 'fix' | 'denied') {
  const geolocation = {
    getCurrentPosition: vi.fn((success: PositionCallback, error: PositionErrorCallback) => {
      if (outcome === 'fix')
        success({ coords: { latitude: 28.5882, longitude: 77.2212, accuracy: 10 } } as GeolocationPosition);
      else error({ code: 1, message: 'denied' } as GeolocationPositionError);
    }),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

let api: ReturnType<typeof setupApi>;
// The whole app renders per test; on a busy shared machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 3000 });
beforeAll(() => loadNamespaces('play'));
beforeEach(async () => {
  window.sessionStorage.clear();
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  api.on('GET', `/quests/${quest._id}`, () => ok(quest));
  api.on('GET', `/quest-progress/${quest._id}`, () => ok(aProgressRecord()));
  api.on('GET', '/geo/reverse', () =>
    ok({
      displayName: 'Lodhi Road, Lodhi Colony, New Delhi, Delhi, 110003, India',
      address: { city: 'New Delhi' },
      lat: 28.5882,
      lng: 77.2212,
      cached: false,
    }),
  );
  stubGeolocation('fix');
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.restoreAllMocks();
});

describe('Proof upload', () => {
  it('asks for a photo and a description before sending anything', async () => {
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Submit Proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please upload a photo and add a description of your adventure!',
    );
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));
    await user.upload(screen.getByLabelText('Choose a photo'), photo());
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please upload a photo and add a description of your adventure!',
    );
    expect(api.calls.some((call) => call.method === 'POST' && call.path.startsWith('/quest-progress'))).toBe(
      false,
    );
  });

  it('offers only the objectives that can take proof, the next one first or the one asked for', async () => {
    const first = renderApp(path);
    const select = await screen.findByRole('combobox', { name: 'Objective' });
    // Objective 1 is approved; 2 was rejected (resubmit) and 3 has no proof yet.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Objective 2 (resubmit): Task number 2', 'Objective 3: Task number 3']);
    expect(select).toHaveValue('2');
    expect(screen.getByText('The mural is not visible in the photo, please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/quest-in-progress/${quest._id}`,
    );
    first.unmount();

    renderApp(`${path}?task=3`);
    expect(await screen.findByRole('combobox', { name: 'Objective' })).toHaveValue('3');
  });

  it('sends the photo and description for the chosen objective, then goes back to the quest', async () => {
    let sent: FormData | undefined;
    api.on('POST', proofPath(3), (_request, body) => {
      sent = body as FormData;
      return ok(
        aProgressRecord({
          completed_tasks: [quest.tasks[0]?._id ?? '', quest.tasks[2]?._id ?? ''],
          progress: 67,
          taskProofs: { ...aProgressRecord().taskProofs, '3': aTaskProof(3) },
        }),
        'Task proof submitted for review',
      );
    });
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Objective' }), '3');
    await user.upload(screen.getByLabelText('Choose a photo'), photo());
    expect(screen.getByRole('img', { name: 'Preview of elephant.png' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '  Found the giant hands.  ');
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));

    expect(await screen.findByText('Quest proof submitted successfully!')).toBeInTheDocument();
    expect(sent?.get('notes')).toBe('Found the giant hands.');
    expect(sent?.get('questId')).toBe(quest._id);
    expect(sent?.getAll('proofImages')).toHaveLength(1);
    // jsdom's File loses its name and bytes on the way through Node's Request; its type survives.
    expect(sent?.get('proofImages')).toMatchObject({ type: 'image/png' });
    // The form stays as it was sent while it says so, although objective 3 is no longer open.
    expect(screen.getByRole('combobox', { name: 'Objective' })).toHaveValue('3');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quest-in-progress/${quest._id}`));
    // Back on the quest, objective 3 waits for review: the answer to the proof is the quest's progress.
    const objectives = (await screen.findByRole('heading', { name: 'Quest Objectives' })).closest('section');
    if (!objectives) throw new Error('no objectives');
    expect(within(objectives).getAllByRole('listitem')[2]).toHaveTextContent('Pending review');
    expect(api.calls.filter((call) => call.path === `/quest-progress/${quest._id}`)).toHaveLength(1);
  });

  it("puts the server's field errors on their fields, and the others in the alert", async () => {
    api.on('POST', proofPath(2), () =>
      fail(400, 'Notes must be at most 1000 characters long', [
        { field: 'notes', message: 'Notes must be at most 1000 characters long' },
      ]),
    );
    const user = userEvent.setup();
    renderApp(path);
    await user.upload(await screen.findByLabelText('Choose a photo'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'The blue elephant.');
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description).toBeInvalid());
    expect(description).toHaveAccessibleDescription(
      expect.stringContaining('Notes must be at most 1000 characters long'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    api.on('POST', proofPath(2), () =>
      fail(400, 'questId must be the quest of the path', [
        { field: 'questId', message: 'questId must be the quest of the path' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('questId must be the quest of the path');
  });

  it("shows the server's message when the proof is refused, else the fallback", async () => {
    api.on('POST', proofPath(2), () => fail(415, 'Only PNG, JPEG, WebP or GIF images are accepted'));
    const user = userEvent.setup();
    renderApp(path);
    await user.upload(await screen.findByLabelText('Choose a photo'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'The blue elephant, again.');
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only PNG, JPEG, WebP or GIF images are accepted',
    );

    api.on('POST', proofPath(2), () => ({ status: 500, body: { success: false, statusCode: 500 } }));
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to submit quest proof. Please try again.'),
    );
    expect(screen.queryByText('Quest proof submitted successfully!')).not.toBeInTheDocument();
  });

  it('takes a photo from the camera or a drop, lets it be removed and refuses files that are not images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp(path);
    const camera = await screen.findByLabelText('Take a photo with the camera');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    await user.upload(camera, photo());
    expect(screen.getByRole('img', { name: 'Preview of elephant.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();

    fireEvent.drop(screen.getByRole('group', { name: 'Photo' }), {
      dataTransfer: { files: [new File(['gif'], 'hands.gif', { type: 'image/gif' })] },
    });
    expect(screen.getByRole('img', { name: 'Preview of hands.gif' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Photo' }));
    await user.upload(
      screen.getByLabelText('Choose a photo'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file');
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
  });

  it('shows the reverse-geocoded place, the coordinates and the time', async () => {
    renderApp(path);
    expect(await screen.findByRole('textbox', { name: 'Location' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue(
        'Lodhi Road, Lodhi Colony, New Delhi, Delhi, 110003, India',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Coordinates' })).toHaveValue('28.58820, 77.22120');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date()),
    );
    expect(api.calls.filter((call) => call.path === '/geo/reverse')).toHaveLength(1);
  });

  it('falls back to raw coordinates, or says the location is unavailable or not supported', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('GET', '/geo/reverse', () => fail(502, 'Geocoding service unavailable'));
    let view = renderApp(path);
    const location = () => screen.getByRole('textbox', { name: 'Location' });
    await waitFor(() => expect(location()).toHaveValue('28.58820, 77.22120'));
    view.unmount();

    window.sessionStorage.clear();
    stubGeolocation('denied');
    view = renderApp(path);
    await waitFor(() => expect(location()).toHaveValue('Location unavailable'));
    expect(screen.getByRole('textbox', { name: 'Coordinates' })).toHaveValue('Not available');
    view.unmount();

    Reflect.deleteProperty(navigator, 'geolocation');
    renderApp(path);
    await waitFor(() => expect(location()).toHaveValue('Location not supported'));
  });

  it("shows 'Quest not found' or the loading error with Back to Quests", async () => {
    api.on('GET', `/quest-progress/${quest._id}`, () => fail(404, 'You have not started this quest'));
    const view = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Quest not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quests' })).toHaveAttribute('href', '/quest');
    view.unmount();

    api.on('GET', `/quest-progress/${quest._id}`, () => fail(500, 'database down'));
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Error loading quest: database down' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quests' })).toHaveAttribute('href', '/quest');
  });

  it('says so when every objective already has a proof, with a way back', async () => {
    api.on('GET', `/quest-progress/${quest._id}`, () =>
      ok(aProgressRecord({ taskProofs: { '1': aTaskProof(1), '2': aTaskProof(2), '3': aTaskProof(3) } })),
    );
    renderApp(path);
    expect(
      await screen.findByText(
        'Every objective of this quest already has a proof waiting for review or approved.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quest' })).toHaveAttribute(
      'href',
      `/quest-in-progress/${quest._id}`,
    );
  });
});
