import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aQuest } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp } from '../../test-support/render-app.tsx';
import { fill, openForm, setUpCreateQuestApi } from './create-quest.fixtures.tsx';
import { map } from './fake-quest-map.fixtures.tsx';

vi.mock('@cityquest/shared-ui/map', () => import('./fake-quest-map.fixtures.tsx'));

const api = setUpCreateQuestApi();

afterEach(() => {
  // jsdom has no geolocation; the location tests give navigator one of their own.
  Reflect.deleteProperty(navigator, 'geolocation');
});

const routeMap = () => screen.getByRole('list', { name: 'Map of the quest route' });
/** A click on the map at a point; the map loads lazily, so it waits for the map first. */
async function clickMap(lat: number, lng: number) {
  await screen.findByRole('list', { name: 'Map of the quest route' });
  map.onMapClick?.({ lat, lng });
  await within(pickPanel()).findByText(`${lat.toFixed(5)}, ${lng.toFixed(5)}`);
}
const pickPanel = () => screen.getByRole('region', { name: 'Point on the map' });

/**
 * The edit screen of the signed-in explorer's pending quest whose route already has `count` waypoints, each named
 * Custom Location as the server names a waypoint given without a name.
 */
async function openEditFormWithWaypoints(count: number) {
  const me = aUser();
  const quest = aQuest({
    status: 'pending',
    submittedBy: { _id: me._id, username: me.username, fullName: me.fullName, avatar: null },
    routes: [
      {
        start_location: 'Lodhi Colony Market',
        start_coordinates: { lat: 28.5879, lng: 77.2205 },
        end_location: 'Meherchand Market',
        end_coordinates: { lat: 28.5861, lng: 77.2247 },
        waypoints: Array.from({ length: count }, (_, index) => ({
          lat: 28.6 + (index + 1) / 1000,
          lng: 77.2,
          name: 'Custom Location',
          address: null,
        })),
      },
    ],
  });
  api.on('GET', `/quests/${quest._id}`, () => ok(quest));
  renderApp(`/edit-quest/${quest._id}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Quest' })).toBeInTheDocument();
}

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

describe('Create Quest form', () => {
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
    // The cap is what is tested, not 22 rounds through the whole form: the quest comes with 22 waypoints.
    await openEditFormWithWaypoints(22);
    expect(screen.getByRole('heading', { name: 'Waypoints (22 / 23)' })).toBeInTheDocument();
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

    await clickMap(28.623, 77.2);
    await user.click(within(pickPanel()).getByRole('button', { name: 'Add as waypoint' }));
    await screen.findByRole('heading', { name: 'Waypoints (23 / 23)' });
    const list = screen.getByRole('heading', { name: 'Waypoints (23 / 23)' }).parentElement as HTMLElement;
    expect(within(list).getAllByText('Custom Location')).toHaveLength(23);

    await clickMap(28.7, 77.2);
    await user.click(within(pickPanel()).getByRole('button', { name: 'Add as waypoint' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A route has at most 23 waypoints.');
    expect(screen.getByRole('heading', { name: 'Waypoints (23 / 23)' })).toBeInTheDocument();
  });

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
