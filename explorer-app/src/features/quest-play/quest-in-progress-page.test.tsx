import { aUser } from '@cityquest/contract/testing/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { fail, ok, renderApp, setupApi, signIn, signInAs } from '../../test-support/render-app.tsx';
import { aProgressRecord, aTaskProof, playQuest as quest } from './quest-play.fixtures.ts';

// MapLibre needs WebGL, which jsdom lacks: the map stands in as its numbered stops, route, the user's position
// and the view it is asked for.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({
    ariaLabel,
    waypoints = [],
    route = [],
    userPosition,
    zoom,
    bounds,
  }: {
    ariaLabel: string;
    waypoints?: { name?: string }[];
    route?: [number, number][];
    userPosition?: { lat: number; lng: number } | null;
    zoom: number;
    bounds?: [[number, number], [number, number]] | null;
  }) => (
    <ol
      aria-label={ariaLabel}
      data-route-points={route.length}
      data-zoom={zoom}
      data-bounds={bounds ? bounds.flat().join(',') : undefined}
    >
      {waypoints.map((point) => (
        <li key={point.name}>{point.name}</li>
      ))}
      {userPosition && <li>{`You: ${userPosition.lat},${userPosition.lng}`}</li>}
    </ol>
  ),
}));

const path = `/quest-in-progress/${quest._id}`;
const directions = {
  distanceMeters: 1240.5,
  durationSeconds: 893,
  geometry: {
    type: 'LineString',
    coordinates: [
      [77.2205, 28.5879],
      [77.221, 28.5882],
      [77.2215, 28.5884],
      [77.2247, 28.5861],
    ],
  },
  legs: [
    {
      distanceMeters: 410.2,
      durationSeconds: 295,
      steps: [
        {
          instruction: 'Head east on Lodhi Road',
          name: 'Lodhi Road',
          distanceMeters: 410.2,
          durationSeconds: 295,
        },
      ],
    },
    { distanceMeters: 830.3, durationSeconds: 598 },
  ],
};

type Watch = {
  success: PositionCallback;
  error: PositionErrorCallback;
  options: PositionOptions | undefined;
};
function stubGeolocation() {
  const watches: Watch[] = [];
  const geolocation = {
    getCurrentPosition: vi.fn(),
    watchPosition: vi.fn(
      (success: PositionCallback, error: PositionErrorCallback, options?: PositionOptions) => {
        watches.push({ success, error, options });
        return watches.length;
      },
    ),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  const fix = (latitude: number, longitude: number, accuracy: number) =>
    ({ coords: { latitude, longitude, accuracy } }) as GeolocationPosition;
  return { geolocation, watches, fix };
}

/** The Proof of Completion steps as a screen reader reads them. */
function proofSteps() {
  const box = screen.getByRole('heading', { name: 'Proof of Completion' }).closest('section');
  if (!box) throw new Error('no proof box');
  return within(box)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

let api: ReturnType<typeof setupApi>;
let directionsQuery: URLSearchParams | null;
// The whole app renders per test; on a busy shared machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 3000 });
beforeAll(() => loadNamespaces('play'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  directionsQuery = null;
  api.on('GET', `/quests/${quest._id}`, () => ok(quest));
  api.on('GET', `/quest-progress/${quest._id}`, () => ok(aProgressRecord()));
  api.on('GET', '/geo/directions', (request) => {
    directionsQuery = new URL(request.url).searchParams;
    return ok(directions);
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The signed-in explorer shares their live position with moderators (Settings, Privacy). */
function shareLivePosition() {
  const me = aUser();
  signInAs({
    ...me,
    settings: { ...me.settings, privacy: { ...me.settings.privacy, shareLivePosition: true } },
  });
}

const positionCalls = () =>
  api.calls.filter((call) => call.method === 'PUT' && call.path === `/quest-progress/${quest._id}/position`);

/** Only Date is faked: the live-position throttle reads the clock, everything else keeps real timers. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
  return (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('Quest in progress', () => {
  it('shows the quest, its progress, the route with directions and what is left to do', async () => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: quest.title })).toBeInTheDocument();
    expect(screen.getByText(quest.description)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('3 waypoints')).toBeInTheDocument();
    expect(screen.getByText('60 XP reward')).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: `Progress of ${quest.title}` })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(screen.getByText('1 of 3 objectives done')).toBeInTheDocument();

    // The server's walking route, asked for through the API: origin, stopovers and destination in order.
    expect(await screen.findByText('Walking route: 1.2 km, about 15 min')).toBeInTheDocument();
    expect(directionsQuery?.get('origin')).toBe('28.587900,77.220500');
    expect(directionsQuery?.get('waypoints')).toBe('28.588400,77.221500');
    expect(directionsQuery?.get('destination')).toBe('28.586100,77.224700');
    const directionsList = screen.getByRole('heading', { name: 'Directions' }).parentElement;
    if (!directionsList) throw new Error('no directions');
    expect(
      within(directionsList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'STARTLodhi Colony Market',
      'STOP 1Blue Elephant (Block 11)410 m from the previous point, about 5 min',
      'FINISHMeherchand Market830 m from the previous point, about 10 min',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show turn-by-turn steps' }));
    expect(screen.getByText('Head east on Lodhi Road')).toBeInTheDocument();

    const map = screen.getByRole('list', { name: `Map of ${quest.title}` });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lodhi Colony Market', 'Blue Elephant', 'Meherchand Market']);
    expect(map).toHaveAttribute('data-route-points', '4');
    // The view frames the start, the stop and the end (west, south, east, north), no closer than zoom 15.
    expect(map).toHaveAttribute('data-zoom', '15');
    expect(map).toHaveAttribute('data-bounds', '77.2205,28.5861,77.2247,28.5884');

    expect(api.calls.filter((call) => call.method === 'GET').map((call) => call.path)).toEqual(
      expect.arrayContaining([`/quests/${quest._id}`, `/quest-progress/${quest._id}`, '/geo/directions']),
    );
  });

  it('lists each objective with its proof status, the rejection feedback and a way to resubmit', async () => {
    renderApp(path);
    const objectives = (await screen.findByRole('heading', { name: 'Quest Objectives' })).closest('section');
    if (!objectives) throw new Error('no objectives');
    const items = within(objectives).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(first).getByText('Objective 1')).toHaveTextContent('Objective 1 (completed)');
    expect(within(first).getByText('Task number 1')).toBeInTheDocument();
    expect(within(first).getByText('Hint: Look behind the post office.')).toBeInTheDocument();
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();

    expect(within(second).getByText('Objective 2')).toHaveTextContent('Objective 2 (not completed)');
    expect(within(second).getByText('Rejected')).toBeInTheDocument();
    expect(within(second).getByText('Admin feedback')).toBeInTheDocument();
    expect(
      within(second).getByText('The mural is not visible in the photo, please try again.'),
    ).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Resubmit Proof for objective 2' })).toHaveAttribute(
      'href',
      `/quest-proof-upload/${quest._id}?task=2`,
    );

    expect(within(third).getByText('No proof yet')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'Submit Proof for objective 3' })).toBeInTheDocument();

    // The next objective (2) has no hint of its own: the default hint.
    expect(
      screen.getByText('Follow the map markers and complete each objective in order.'),
    ).toBeInTheDocument();
    expect(proofSteps()).toEqual([
      'Started (reached)',
      'Progress (not reached yet)',
      'Submit (not reached yet)',
    ]);
    expect(screen.getByRole('link', { name: 'Upload Proof' })).toHaveAttribute(
      'href',
      `/quest-proof-upload/${quest._id}`,
    );
    expect(screen.getByText('60 XP on completion')).toBeInTheDocument();
  });

  it("says 'Complete!' at 100 percent and waits for review once every objective has proof", async () => {
    api.on('GET', `/quest-progress/${quest._id}`, () =>
      ok(
        aProgressRecord({
          completed_tasks: quest.tasks.map((task) => task._id),
          progress: 100,
          taskProofs: { '1': aTaskProof(1), '2': aTaskProof(2), '3': aTaskProof(3) },
        }),
      ),
    );
    renderApp(path);
    expect(await screen.findByText('Complete!')).toBeInTheDocument();
    expect(screen.getAllByText('Pending review')).toHaveLength(3);
    expect(proofSteps()).toEqual(['Started (reached)', 'Progress (reached)', 'Submit (reached)']);
    expect(
      screen.getByText('Every objective has a proof waiting for review or approved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload Proof' })).not.toBeInTheDocument();
  });

  it('shows 2 tips, then the rest on View N more tips', async () => {
    const user = userEvent.setup();
    renderApp(path);
    expect(await screen.findByText('Tip number 2')).toBeInTheDocument();
    expect(screen.queryByText('Tip number 3')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View 2 more tips' }));
    expect(screen.getByText('Tip number 3')).toBeInTheDocument();
    expect(screen.getByText('Tip number 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show fewer tips' }));
    expect(screen.queryByText('Tip number 4')).not.toBeInTheDocument();
  });

  it('still works without directions: the failure is only logged and the stops are joined directly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('GET', '/geo/directions', () => fail(502, 'Routing service unavailable'));
    renderApp(path);
    const map = await screen.findByRole('list', { name: `Map of ${quest.title}` });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(map).toHaveAttribute('data-route-points', '3');
    expect(screen.getByText('Blue Elephant (Block 11)')).toBeInTheDocument();
    expect(screen.queryByText(/Walking route:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tracks the position live until Stop Tracking, and stops when leaving the page', async () => {
    const { geolocation, watches, fix } = stubGeolocation();
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking' }));
    expect(screen.getByText('Finding your location...')).toBeInTheDocument();
    expect(watches[0]?.options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 5_000 });

    watches[0]?.success(fix(28.5883, 77.2214, 12.4));
    expect(await screen.findByText('Accuracy: ±12 m')).toBeInTheDocument();
    expect(screen.getByText('Nearest stop: Blue Elephant (Block 11), 15 m away')).toBeInTheDocument();
    expect(screen.getByText('You: 28.5883,77.2214')).toBeInTheDocument();
    watches[0]?.success(fix(28.6, 77.21, 8));
    // Far from the route: the view takes the explorer in as well.
    expect(await screen.findByText('You: 28.6,77.21')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: `Map of ${quest.title}` })).toHaveAttribute(
      'data-bounds',
      '77.21,28.5861,77.2247,28.6',
    );

    await user.click(screen.getByRole('button', { name: 'Stop Tracking' }));
    expect(geolocation.clearWatch).toHaveBeenCalledWith(1);
    expect(screen.getByRole('button', { name: 'Start Tracking' })).toBeInTheDocument();
    expect(screen.queryByText(/Accuracy:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^You:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Tracking' }));
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(2);
    await router.navigate({ to: '/my-quest' });
    await waitFor(() => expect(geolocation.clearWatch).toHaveBeenCalledWith(2));
  });

  it('shares the live position with moderators while tracking, at most every 30 seconds', async () => {
    shareLivePosition();
    const later = fakeClock();
    api.on('PUT', '/quest-progress/{questId}/position', () => ok({ _id: aProgressRecord()._id }));
    const { watches, fix } = stubGeolocation();
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking' }));
    expect(screen.getByText('Your position is shared with moderators')).toBeInTheDocument();

    // The first fix goes at once.
    watches[0]?.success(fix(28.5883, 77.2214, 12.4));
    await waitFor(() => expect(positionCalls()).toHaveLength(1));
    expect(positionCalls()[0]?.body).toEqual({ lat: 28.5883, lng: 77.2214, accuracy: 12.4 });

    // 29 seconds later: too soon, not sent.
    later(29);
    watches[0]?.success(fix(28.5884, 77.2215, 9));
    expect(await screen.findByText('You: 28.5884,77.2215')).toBeInTheDocument();
    // 30 seconds after the first: sent.
    later(1);
    watches[0]?.success(fix(28.5885, 77.2216, 7));
    await waitFor(() => expect(positionCalls()).toHaveLength(2));
    expect(positionCalls()[1]?.body).toEqual({ lat: 28.5885, lng: 77.2216, accuracy: 7 });

    await user.click(screen.getByRole('button', { name: 'Stop Tracking' }));
    expect(screen.queryByText('Your position is shared with moderators')).not.toBeInTheDocument();
    expect(positionCalls()).toHaveLength(2);
  });

  it('sends no position while the explorer does not share it', async () => {
    const { watches, fix } = stubGeolocation();
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking' }));
    watches[0]?.success(fix(28.5883, 77.2214, 12.4));
    expect(await screen.findByText('You: 28.5883,77.2214')).toBeInTheDocument();
    expect(screen.queryByText('Your position is shared with moderators')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop Tracking' }));
    expect(positionCalls()).toEqual([]);
  });

  it('keeps playing when the server refuses the position (403), and sends no more on this visit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    shareLivePosition();
    const later = fakeClock();
    api.on('PUT', '/quest-progress/{questId}/position', () =>
      fail(403, 'Sharing your live position with moderators is off (Settings, Privacy)'),
    );
    const { watches, fix } = stubGeolocation();
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking' }));
    watches[0]?.success(fix(28.5883, 77.2214, 12.4));
    await waitFor(() => expect(positionCalls()).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByText('Your position is shared with moderators')).not.toBeInTheDocument(),
    );
    expect(warn).toHaveBeenCalledTimes(1);

    later(60);
    watches[0]?.success(fix(28.5885, 77.2216, 7));
    expect(await screen.findByText('You: 28.5885,77.2216')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop Tracking' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop Tracking' }));
    await user.click(screen.getByRole('button', { name: 'Start Tracking' }));
    watches[1]?.success(fix(28.5886, 77.2217, 5));
    expect(await screen.findByText('You: 28.5886,77.2217')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop Tracking' }));
    expect(positionCalls()).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('skips a position the server limits (429) without an error, and keeps sharing on schedule', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    shareLivePosition();
    const later = fakeClock();
    let limited = true;
    api.on('PUT', '/quest-progress/{questId}/position', () =>
      limited
        ? fail(429, 'Your live position is kept at most once every 30 seconds. Please wait 12 seconds.')
        : ok({ _id: aProgressRecord()._id }),
    );
    const { watches, fix } = stubGeolocation();
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking' }));
    watches[0]?.success(fix(28.5883, 77.2214, 12.4));
    await waitFor(() => expect(positionCalls()).toHaveLength(1));

    limited = false;
    later(30);
    watches[0]?.success(fix(28.5885, 77.2216, 7));
    await waitFor(() => expect(positionCalls()).toHaveLength(2));
    expect(screen.getByText('Your position is shared with moderators')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop Tracking' }));
  });

  it("turns tracking off with 'Live location tracking failed.' when the watch fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { watches } = stubGeolocation();
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Tracking' }));
    watches[0]?.error({ code: 1, message: 'denied' } as GeolocationPositionError);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Live location tracking failed.');
    expect(alert).toHaveTextContent('Unable to get your location. Please allow location access.');
    expect(screen.getByRole('button', { name: 'Start Tracking' })).toBeInTheDocument();
  });

  it("shows the server's error, or 'Quest not found' for a missing quest or progress, with Back to Quests", async () => {
    api.on('GET', `/quests/${quest._id}`, () => fail(500, 'database down'));
    let view = renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Error loading quest: database down' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quests' })).toHaveAttribute('href', '/quest');
    view.unmount();

    api.on('GET', `/quests/${quest._id}`, () => fail(404, 'Quest not found'));
    view = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Quest not found' })).toBeInTheDocument();
    view.unmount();

    api.on('GET', `/quests/${quest._id}`, () => ok(quest));
    api.on('GET', `/quest-progress/${quest._id}`, () => fail(404, 'You have not started this quest'));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Quest not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quests' })).toHaveAttribute('href', '/quest');
  });
});
