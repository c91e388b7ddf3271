import { aUser } from '@cityquest/openapi/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '../../lib/api.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aQuest } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

type LatLng = { lat: number; lng: number };

// MapLibre needs WebGL, which jsdom lacks: the map stands in as its numbered stops and its view. It keeps the
// handlers the editor gives it, so a test can click it or move it as a person would, and counts the maps created.
const map = vi.hoisted(() => ({
  created: 0,
  onMapClick: undefined as ((point: LatLng) => void) | undefined,
  onViewChange: undefined as ((view: { center: LatLng; zoom: number }) => void) | undefined,
}));
vi.mock('@cityquest/shared-ui/map', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeQuestMap({
      ariaLabel,
      waypoints = [],
      zoom,
      center,
      onMapClick,
      onViewChange,
    }: {
      ariaLabel: string;
      waypoints?: { name?: string }[];
      zoom: number;
      center: LatLng;
      onMapClick?: (point: LatLng) => void;
      onViewChange?: (view: { center: LatLng; zoom: number }) => void;
    }) {
      map.onMapClick = onMapClick;
      map.onViewChange = onViewChange;
      useEffect(() => {
        map.created += 1;
      }, []);
      return (
        <ol aria-label={ariaLabel} data-zoom={zoom} data-center={`${center.lat},${center.lng}`}>
          {waypoints.map((point, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stand-in list
            <li key={index}>{point.name}</li>
          ))}
        </ol>
      );
    },
  };
});

const PLACES = [
  {
    id: 'osm-1',
    name: 'Lodhi Colony Market',
    address: 'Lodhi Colony, New Delhi',
    lat: 28.5879,
    lng: 77.2205,
  },
  { id: 'osm-2', name: 'Meherchand Market', address: 'Lodhi Road, New Delhi', lat: 28.5861, lng: 77.2247 },
  { id: 'osm-3', name: 'Lodhi Garden', address: 'Lodhi Estate, New Delhi', lat: 28.5933, lng: 77.2197 },
];

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('create'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await useAuthStore.getState().login('asha', 'long-password');
  await i18n.changeLanguage('en');
  api.on('GET', '/geo/places', (request) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
    return ok({ places: PLACES.filter((place) => place.name.toLowerCase().includes(q)) });
  });
});

beforeEach(() => {
  map.created = 0;
});

afterEach(() => {
  // jsdom has no geolocation; the location tests give navigator one of their own.
  Reflect.deleteProperty(navigator, 'geolocation');
});

const placeCalls = () => api.calls.filter((call) => call.path === '/geo/places');
const routeMap = () => screen.getByRole('list', { name: 'Map of the quest route' });
/** A click on the map at a point; the map loads lazily, so it waits for the map first. */
async function clickMap(lat: number, lng: number) {
  await screen.findByRole('list', { name: 'Map of the quest route' });
  map.onMapClick?.({ lat, lng });
  await within(pickPanel()).findByText(`${lat.toFixed(5)}, ${lng.toFixed(5)}`);
}
const pickPanel = () => screen.getByRole('region', { name: 'Point on the map' });

/** GET /geo/reverse answers with an address named after the asked coordinates. */
function reverseGeocodes() {
  const asked: string[] = [];
  api.on('GET', '/geo/reverse', (request) => {
    const query = new URL(request.url).searchParams;
    const lat = Number(query.get('lat'));
    const lng = Number(query.get('lng'));
    asked.push(`${lat},${lng}`);
    return ok({
      displayName: `Lane at ${lat}, New Delhi`,
      address: { road: `Lane at ${lat}`, suburb: 'Lodhi Colony', city: 'New Delhi', postcode: '110003' },
      lat,
      lng,
      cached: false,
    });
  });
  return asked;
}
const photo = (name = 'mural.png', type = 'image/png') => new File(['png'], name, { type });

async function openForm() {
  const view = renderApp('/create-quest');
  expect(await screen.findByRole('heading', { level: 1, name: 'Create a New Quest' })).toBeInTheDocument();
  return view;
}

/** Typing each character re-renders the whole form; pasting keeps these tests fast. */
async function fill(user: UserEvent, label: string | RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/**
 * The app renders Mantine without env="test", and jsdom lays everything out at zero size, so Mantine's
 * hideDetached keeps open dropdowns at display: none: options are found among hidden elements, inside the
 * dropdown of the one search box.
 */
const results = (label: string) =>
  screen.getByRole('listbox', { name: `Places matching ${label}`, hidden: true });
const findOption = (label: string, name: string) =>
  within(results(label)).findByRole('option', { name: new RegExp(name), hidden: true });

async function pickPlace(user: UserEvent, label: string, typed: string, option: string) {
  await user.type(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }), typed);
  await user.click(await findOption(label, option));
}

async function fillValidQuest(user: UserEvent) {
  await user.upload(screen.getByLabelText(/^Quest Photos/), [
    photo('cover.png'),
    photo('second.jpg', 'image/jpeg'),
  ]);
  await fill(user, /^Quest Title/, 'Murals of Lodhi Colony');
  await fill(user, /^Subtitle/, 'Open-air art district');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'HiddenGems');
  await user.selectOptions(screen.getByLabelText(/^Difficulty/), 'Medium');
  await fill(user, /^Description/, 'Find five murals.');
  await fill(user, /^Address/, 'Lodhi Colony Market');
  await fill(user, /^City\b/, 'New Delhi');
  await fill(user, /^Pincode/, '110003');
  await pickPlace(user, 'Start Location', 'Lo', 'Lodhi Colony Market');
  await pickPlace(user, 'End Location', 'Me', 'Meherchand Market');
  await fill(user, 'Task 1', 'Photograph the blue elephant.');
  await fill(user, 'Task 2', '   ');
  await fill(user, 'Tip 1', 'Go early.');
  await user.clear(screen.getByLabelText('XP Suggestion'));
  await fill(user, 'XP Suggestion', '40');
  await fill(user, 'Tags', 'street art, , walking');
  await fill(user, 'Proof Instructions', 'Show the signature.');
}

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
    await user.upload(screen.getByLabelText(/^Quest Photos/), [
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

  it('checks manual waypoints, names them Custom Location by default, lists and removes them', async () => {
    const user = userEvent.setup();
    await openForm();
    const add = screen.getByRole('button', { name: 'Add Waypoint' });
    await fill(user, 'Latitude', 'north');
    await fill(user, 'Longitude', '77.2');
    await user.click(add);
    expect(screen.getByText('Please enter valid latitude and longitude values')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Latitude'));
    await fill(user, 'Latitude', '95');
    await user.click(add);
    expect(
      screen.getByText('Please enter valid coordinate ranges (Lat: -90 to 90, Lng: -180 to 180)'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Latitude'));
    await fill(user, 'Latitude', '28.6139');
    await user.click(add);
    await fill(user, 'Latitude', '28.62');
    await fill(user, 'Longitude', '77.21');
    await fill(user, 'Name (optional)', 'India Gate');
    await user.click(add);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const list = screen.getByRole('heading', { name: 'Waypoints (2 / 23)' }).parentElement as HTMLElement;
    expect(within(list).getByText('Custom Location')).toBeInTheDocument();
    expect(within(list).getByText('India Gate')).toBeInTheDocument();
    expect(within(list).getByText('28.61390, 77.20000')).toBeInTheDocument();
    // The map centres on the newest waypoint at zoom 16; centring one zooms to 18.
    const map = screen.getByRole('list', { name: 'Map of the quest route' });
    expect(map).toHaveAttribute('data-zoom', '16');
    expect(map).toHaveAttribute('data-center', '28.62,77.21');
    await user.click(screen.getByRole('button', { name: 'Show waypoint 1 on the map' }));
    expect(screen.getByRole('list', { name: 'Map of the quest route' })).toHaveAttribute('data-zoom', '18');

    await user.click(screen.getByRole('button', { name: 'Remove waypoint 1' }));
    expect(screen.getByRole('heading', { name: 'Waypoints (1 / 23)' })).toBeInTheDocument();
    expect(screen.queryByText('Custom Location')).not.toBeInTheDocument();
  });

  it('uses the device location as the start, named by reverse geocoding, and fills empty address fields', async () => {
    window.sessionStorage.clear();
    const geolocation = {
      getCurrentPosition: (found: PositionCallback) =>
        found({ coords: { latitude: 28.5882, longitude: 77.2212, accuracy: 8 } } as GeolocationPosition),
      watchPosition: vi.fn(),
      clearWatch: vi.fn(),
    };
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    api.on('GET', '/geo/reverse', () =>
      ok({
        displayName: 'Lodhi Road, Lodhi Colony, New Delhi, Delhi, 110003, India',
        address: { road: 'Lodhi Road', suburb: 'Lodhi Colony', city: 'New Delhi', postcode: '110 003' },
        lat: 28.5882,
        lng: 77.2212,
        cached: false,
      }),
    );
    const user = userEvent.setup();
    await openForm();
    await fill(user, /^City\b/, 'Delhi');
    await user.click(screen.getByRole('button', { name: 'Use my current location as start' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Start Location/ })).toHaveValue(
        'Lodhi Road, Lodhi Colony, New Delhi, Delhi, 110003, India',
      ),
    );
    expect(screen.getByLabelText(/^Address/)).toHaveValue('Lodhi Road, Lodhi Colony');
    expect(screen.getByLabelText(/^City\b/)).toHaveValue('Delhi');
    expect(screen.getByLabelText(/^Pincode/)).toHaveValue('110003');
    // A located position shows at zoom 16.
    expect(await screen.findByRole('list', { name: 'Map of the quest route' })).toHaveAttribute(
      'data-zoom',
      '16',
    );
  });

  it('says why the device location could not be used', async () => {
    window.sessionStorage.clear();
    const geolocation = {
      getCurrentPosition: (_found: PositionCallback, failed: PositionErrorCallback) =>
        failed({ code: 1 } as GeolocationPositionError),
      watchPosition: vi.fn(),
      clearWatch: vi.fn(),
    };
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Use my current location as start' }));
    expect(
      await screen.findByText('Unable to get your location. Please allow location access.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Start Location/ })).toHaveValue('');
  });

  it('opens a preview of the quest as it will look and closes it', async () => {
    const user = userEvent.setup();
    await openForm();
    await fill(user, /^Quest Title/, 'Murals of Lodhi Colony');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'HiddenGems');
    await fill(user, 'Task 1', 'Photograph the blue elephant.');
    await pickPlace(user, 'Start Location', 'Lo', 'Lodhi Colony Market');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quest Preview' });
    expect(within(dialog).getByRole('heading', { name: 'Murals of Lodhi Colony' })).toBeInTheDocument();
    expect(within(dialog).getByText('Hidden Gems')).toBeInTheDocument();
    expect(within(dialog).getByText('0 XP suggested')).toBeInTheDocument();
    expect(within(dialog).getByText('Photograph the blue elephant.')).toBeInTheDocument();
    expect(within(dialog).getByText('Lodhi Colony Market')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close Preview' })[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Place search', () => {
  it('searches from 2 characters, once the typing pauses, and zooms to the pick', async () => {
    // Keystrokes without pauses between them: the debounce must turn them into one search.
    const user = userEvent.setup({ delay: null });
    await openForm();
    const start = screen.getByRole('combobox', { name: /^Start Location/ });
    await user.type(start, 'L');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(placeCalls()).toHaveLength(0);

    await user.type(start, 'odhi');
    const garden = await findOption('Start Location', 'Lodhi Garden');
    expect(placeCalls()).toHaveLength(1);
    expect(
      within(results('Start Location'))
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Lodhi Colony MarketLodhi Colony, New Delhi', 'Lodhi GardenLodhi Estate, New Delhi']);
    await user.click(garden);
    expect(start).toHaveValue('Lodhi Garden');
    // A picked start or end shows at zoom 15.
    expect(screen.getByRole('list', { name: 'Map of the quest route' })).toHaveAttribute('data-zoom', '15');
    expect(screen.getByRole('list', { name: 'Map of the quest route' })).toHaveAttribute(
      'data-center',
      '28.5933,77.2197',
    );
  });

  it('sends the typed text and the country IN', async () => {
    let query = '';
    api.on('GET', '/geo/places', (request) => {
      query = new URL(request.url).search;
      return ok({ places: [] });
    });
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByRole('combobox', { name: /^End Location/ }), 'Qutub');
    expect(await within(results('End Location')).findByText('No places found')).toBeInTheDocument();
    expect(query).toBe('?q=Qutub&country=IN');
  });

  it('asks for a place from the dropdown when text was typed but not picked', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByRole('combobox', { name: /^Start Location/ }), 'Somewhere');
    await user.tab();
    expect(await screen.findByText('Please select a valid place from the dropdown')).toBeInTheDocument();
  });

  it('shows the rate limit with the seconds of Retry-After', async () => {
    initApi({
      baseUrl: 'http://api.test/api/v1',
      fetch: (request) =>
        new URL(request.url).pathname.endsWith('/geo/places')
          ? Promise.resolve(
              new Response(JSON.stringify({ success: false, statusCode: 429, message: 'Too many' }), {
                status: 429,
                headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
              }),
            )
          : api.fetch(request),
    });
    const user = userEvent.setup({ delay: null });
    await openForm();
    await user.type(screen.getByRole('combobox', { name: /^Add a Waypoint/ }), 'Lodhi');
    expect(await screen.findByText('Rate limit reached. Please wait 42 seconds.')).toBeInTheDocument();
    expect(within(results('Add a Waypoint')).queryByRole('option', { hidden: true })).not.toBeInTheDocument();
  });
});

describe('Picking points on the map', () => {
  it('offers a clicked point as start, end or waypoint, named by its address, moving the one map', async () => {
    const asked = reverseGeocodes();
    const user = userEvent.setup();
    await openForm();
    const mapElement = await screen.findByRole('list', { name: 'Map of the quest route' });
    expect(
      within(pickPanel()).getByText('Click the map to use a point as the start, the end or a waypoint.'),
    ).toBeInTheDocument();

    await clickMap(28.5879, 77.2205);
    expect(await within(pickPanel()).findByText('Lane at 28.5879, New Delhi')).toBeInTheDocument();
    await user.click(within(pickPanel()).getByRole('button', { name: 'Set as start' }));
    await waitFor(() =>
      expect(within(pickPanel()).getByRole('status')).toHaveTextContent(
        'Start set to Lane at 28.5879, New Delhi.',
      ),
    );
    expect(screen.getByRole('combobox', { name: /^Start Location/ })).toHaveValue(
      'Lane at 28.5879, New Delhi',
    );
    // Like the device location, a clicked start fills the address fields still empty.
    expect(screen.getByLabelText(/^Address/)).toHaveValue('Lane at 28.5879, Lodhi Colony');
    expect(screen.getByLabelText(/^Pincode/)).toHaveValue('110003');
    // A picked start or end shows at zoom 15.
    expect(routeMap()).toHaveAttribute('data-zoom', '15');
    expect(routeMap()).toHaveAttribute('data-center', '28.5879,77.2205');

    await clickMap(28.5861, 77.2247);
    expect(within(pickPanel()).queryByRole('status')).toBeEmptyDOMElement();
    await within(pickPanel()).findByText('Lane at 28.5861, New Delhi');
    await user.click(within(pickPanel()).getByRole('button', { name: 'Set as end' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^End Location/ })).toHaveValue(
        'Lane at 28.5861, New Delhi',
      ),
    );
    expect(screen.getByLabelText(/^Address/)).toHaveValue('Lane at 28.5879, Lodhi Colony');

    await clickMap(28.5933, 77.2197);
    await within(pickPanel()).findByText('Lane at 28.5933, New Delhi');
    await user.click(within(pickPanel()).getByRole('button', { name: 'Add as waypoint' }));
    await waitFor(() =>
      expect(within(pickPanel()).getByRole('status')).toHaveTextContent(
        'Waypoint 1 added: Lane at 28.5933, New Delhi.',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Waypoints (1 / 23)' })).toBeInTheDocument();
    // A waypoint shows at zoom 16.
    expect(routeMap()).toHaveAttribute('data-zoom', '16');
    expect(routeMap()).toHaveAttribute('data-center', '28.5933,77.2197');
    expect(
      within(routeMap())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lane at 28.5879, New Delhi', 'Lane at 28.5933, New Delhi', 'Lane at 28.5861, New Delhi']);
    expect(asked).toEqual(['28.5879,77.2205', '28.5861,77.2247', '28.5933,77.2197']);
    // Every pick moved the same map: none was created again.
    expect(routeMap()).toBe(mapElement);
    expect(map.created).toBe(1);
  });

  it('waits for the address when the choice comes first', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.on('GET', '/geo/reverse', async () => {
      await answered;
      return ok({
        displayName: 'Khan Market, New Delhi',
        address: {},
        lat: 28.6,
        lng: 77.227,
        cached: false,
      });
    });
    const user = userEvent.setup();
    await openForm();
    await clickMap(28.6, 77.227);
    expect(within(pickPanel()).getByText('Looking up the address...')).toBeInTheDocument();
    await user.click(within(pickPanel()).getByRole('button', { name: 'Set as end' }));
    expect(within(pickPanel()).getByRole('button', { name: 'Set as start' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^End Location/ })).toHaveValue('');

    answer();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^End Location/ })).toHaveValue('Khan Market, New Delhi'),
    );
    expect(within(pickPanel()).queryByRole('button', { name: 'Set as start' })).not.toBeInTheDocument();
  });

  it('reaches the choice from the keyboard and keeps focus beside the map afterwards', async () => {
    reverseGeocodes();
    const user = userEvent.setup();
    await openForm();
    await clickMap(28.5879, 77.2205);
    await within(pickPanel()).findByText('Lane at 28.5879, New Delhi');
    const setStart = within(pickPanel()).getByRole('button', { name: 'Set as start' });
    screen.getByRole('combobox', { name: /^End Location/ }).focus();
    for (let step = 0; step < 5 && document.activeElement !== setStart; step += 1) await user.tab();
    expect(setStart).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Start Location/ })).toHaveValue(
        'Lane at 28.5879, New Delhi',
      ),
    );
    expect(pickPanel()).toHaveFocus();
  });

  it('names the point by its coordinates or Custom Location without an address, and keeps 23 waypoints', async () => {
    api.on('GET', '/geo/reverse', () => fail(502, 'The address service is not answering'));
    const user = userEvent.setup();
    await openForm();
    await clickMap(28.6, 77.2);
    await waitFor(() =>
      expect(within(pickPanel()).queryByText('Looking up the address...')).not.toBeInTheDocument(),
    );
    await user.click(within(pickPanel()).getByRole('button', { name: 'Set as end' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^End Location/ })).toHaveValue('28.60000, 77.20000'),
    );

    await clickMap(28.61, 77.2);
    await user.click(within(pickPanel()).getByRole('button', { name: 'Dismiss this point' }));
    expect(within(pickPanel()).queryByRole('button', { name: 'Add as waypoint' })).not.toBeInTheDocument();

    for (let index = 1; index <= 23; index += 1) {
      await clickMap(28.6 + index / 1000, 77.2);
      await user.click(within(pickPanel()).getByRole('button', { name: 'Add as waypoint' }));
      await screen.findByRole('heading', { name: `Waypoints (${index} / 23)` });
    }
    const list = screen.getByRole('heading', { name: 'Waypoints (23 / 23)' }).parentElement as HTMLElement;
    expect(within(list).getAllByText('Custom Location')).toHaveLength(23);

    await clickMap(28.7, 77.2);
    await user.click(within(pickPanel()).getByRole('button', { name: 'Add as waypoint' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A route has at most 23 waypoints.');
    expect(screen.getByRole('heading', { name: 'Waypoints (23 / 23)' })).toBeInTheDocument();
  }, 30_000); // 23 rounds through the whole form take a few seconds on their own.

  it('centres a waypoint again after the person moved the map away', async () => {
    const user = userEvent.setup();
    await openForm();
    await fill(user, 'Latitude', '28.62');
    await fill(user, 'Longitude', '77.21');
    await user.click(screen.getByRole('button', { name: 'Add Waypoint' }));
    await user.click(screen.getByRole('button', { name: 'Show waypoint 1 on the map' }));
    expect(routeMap()).toHaveAttribute('data-zoom', '18');

    map.onViewChange?.({ center: { lat: 28.7, lng: 77.3 }, zoom: 12 });
    await waitFor(() => expect(routeMap()).toHaveAttribute('data-center', '28.7,77.3'));
    await user.click(screen.getByRole('button', { name: 'Show waypoint 1 on the map' }));
    expect(routeMap()).toHaveAttribute('data-zoom', '18');
    expect(routeMap()).toHaveAttribute('data-center', '28.62,77.21');
    expect(map.created).toBe(1);
  });
});
