import 'fake-indexeddb/auto';
import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import {
  deleteQueuedProof,
  forgetSavedQuestPlay,
  listQueuedProofs,
  putQueuedProof,
  readSavedQuestPlay,
} from '../../lib/offline/offline-db.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';
import { aProgressRecord, aTaskProof, playQuest as quest } from './quest-play.fixtures.ts';

// MapLibre needs WebGL, which jsdom lacks: the map stands in as the number of points of its route.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel, route = [] }: { ariaLabel: string; route?: unknown[] }) => (
    <ol aria-label={ariaLabel} data-route-points={route.length} />
  ),
}));

const playPath = `/quest-in-progress/${quest._id}`;
const proofPath = `/quest-progress/task-proof/${quest._id}/3` as const;
const directions = {
  distanceMeters: 1240.5,
  durationSeconds: 893,
  geometry: {
    type: 'LineString',
    coordinates: [
      [77.2205, 28.5879],
      [77.2215, 28.5884],
      [77.2247, 28.5861],
    ],
  },
  legs: [
    { distanceMeters: 410.2, durationSeconds: 295 },
    { distanceMeters: 830.3, durationSeconds: 598 },
  ],
};
/** What the server answers once objective 3 has its proof: it waits for review. */
const withProofOf3 = () =>
  aProgressRecord({
    completed_tasks: [quest.tasks[0]?._id ?? '', quest.tasks[2]?._id ?? ''],
    progress: 67,
    taskProofs: { ...aProgressRecord().taskProofs, '3': aTaskProof(3) },
  });

/** A request that never reaches the server, as fetch fails without a connection. */
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const BANNER = 'Offline — showing what was saved on this device. Proofs you send will wait for a connection.';
/** The Offline banner, a status message (the page has other status regions, such as the route announcer). */
const offlineBanner = () =>
  screen.queryAllByRole('status').find((region) => region.textContent?.includes(BANNER)) ?? null;

function objective(order: number) {
  const section = screen.getByRole('heading', { name: 'Quest Objectives' }).closest('section');
  if (!section) throw new Error('no objectives');
  const item = within(section).getAllByRole('listitem')[order - 1];
  if (!item) throw new Error(`no objective ${order}`);
  return item;
}

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('play'));
beforeEach(async () => {
  for (const proof of await listQueuedProofs()) await deleteQueuedProof(proof.key);
  await forgetSavedQuestPlay(quest._id);
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  api.on('GET', `/quests/${quest._id}`, () => ok(quest));
  api.on('GET', `/quest-progress/${quest._id}`, () => ok(aProgressRecord()));
  api.on('GET', '/geo/directions', () => ok(directions));
  api.on('GET', '/geo/reverse', () => fail(502, 'Geocoding service unavailable'));
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: vi.fn(), watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  window.dispatchEvent(new Event('online'));
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.restoreAllMocks();
});

describe('Offline play', () => {
  it('keeps a proof that cannot be sent, and sends it once, with the same key, when the connection returns', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let connected = false;
    const sent: { key: string | null; notes: unknown; status: number }[] = [];
    api.on('POST', proofPath, (request, body) => {
      const key = request.headers.get('Idempotency-Key');
      if (!connected) {
        sent.push({ key, notes: null, status: 0 });
        return unreachable();
      }
      sent.push({ key, notes: (body as FormData).get('notes'), status: 200 });
      return ok(withProofOf3(), 'Task proof submitted for review');
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/quest-proof-upload/${quest._id}?task=3`);
    await user.upload(
      await screen.findByLabelText('Choose a photo'),
      new File(['png bytes'], 'elephant.png', { type: 'image/png' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Found the giant hands.');
    await user.click(screen.getByRole('button', { name: 'Submit Proof' }));

    expect(
      await screen.findByText("Saved on this device — it will be sent when you're back online"),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const [queued] = await listQueuedProofs();
    expect(queued).toMatchObject({ questId: quest._id, taskOrder: 3, state: 'waiting', attempts: 1 });
    expect(queued?.notes).toBe('Found the giant hands.');
    expect(queued?.photos).toHaveLength(1);
    expect(sent[0]?.key).toBe(queued?.key);
    expect(queued?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // Back on the quest, objective 3 waits for the connection and its proof form is not offered again.
    await waitFor(() => expect(router.state.location.pathname).toBe(playPath));
    await screen.findByRole('heading', { name: 'Quest Objectives' });
    expect(within(objective(3)).getByText('Waiting for connection')).toBeInTheDocument();
    expect(within(objective(3)).queryByRole('link')).not.toBeInTheDocument();

    connected = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(objective(3)).getByText('Pending review')).toBeInTheDocument());
    expect(within(objective(3)).queryByText('Waiting for connection')).not.toBeInTheDocument();
    expect(await listQueuedProofs()).toEqual([]);

    // Every try carried the proof's one key, and the server took it once.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((each) => each.key))).toEqual(new Set([queued?.key]));
    expect(sent.filter((each) => each.status === 200)).toEqual([
      { key: queued?.key, notes: 'Found the giant hands.', status: 200 },
    ]);
  });

  it("shows a proof the server refuses with the server's message, and Discard removes it", async () => {
    await putQueuedProof({
      key: '0b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      userId: aUser()._id,
      questId: quest._id,
      taskOrder: 3,
      notes: 'The blue elephant.',
      photos: [{ name: 'elephant.png', type: 'image/png', bytes: new ArrayBuffer(4) }],
      queuedAt: Date.now() - 60_000,
      attempts: 1,
      nextAttemptAt: Date.now() + 60_000,
      state: 'waiting',
    });
    const keys: (string | null)[] = [];
    api.on('POST', proofPath, (request) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return fail(409, 'This task already has a proof waiting for review');
    });
    const user = userEvent.setup();
    // Opening the app sends what waits, even before its retry is due.
    renderApp(playPath);
    const refusal = await screen.findByText('This task already has a proof waiting for review');
    expect(within(objective(3)).getByText('Proof not sent')).toBeInTheDocument();
    expect(within(objective(3)).getByText(refusal.textContent ?? '')).toBe(refusal);
    expect(within(objective(3)).queryByRole('link')).not.toBeInTheDocument();
    expect(keys).toEqual(['0b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d']);
    expect(await listQueuedProofs()).toMatchObject([
      { state: 'refused', refusal: 'This task already has a proof waiting for review' },
    ]);

    // A refusal is not retried.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(keys).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Discard the proof for objective 3' }));
    await waitFor(() =>
      expect(screen.queryByText('This task already has a proof waiting for review')).not.toBeInTheDocument(),
    );
    expect(
      within(objective(3)).getByRole('link', { name: 'Submit Proof for objective 3' }),
    ).toBeInTheDocument();
    expect(await listQueuedProofs()).toEqual([]);
  });

  it('opens the quest from the copy kept on the device, with the Offline banner, when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const online = renderApp(playPath);
    expect(await screen.findByRole('heading', { level: 1, name: quest.title })).toBeInTheDocument();
    expect(await screen.findByText('Walking route: 1.2 km, about 15 min')).toBeInTheDocument();
    await waitFor(async () => expect((await readSavedQuestPlay(quest._id))?.directions).toEqual(directions));
    expect(offlineBanner()).toBeNull();
    online.unmount();

    api.on('GET', `/quests/${quest._id}`, unreachable);
    api.on('GET', `/quest-progress/${quest._id}`, unreachable);
    api.on('GET', '/geo/directions', unreachable);
    setBrowserOnline(false);
    const offline = renderApp(playPath);
    expect(await screen.findByRole('heading', { level: 1, name: quest.title })).toBeInTheDocument();
    expect(offlineBanner()).toHaveTextContent(BANNER);
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 objectives done')).toBeInTheDocument();
    expect(screen.getByText('Walking route: 1.2 km, about 15 min')).toBeInTheDocument();
    expect(
      within(objective(3)).getByRole('link', { name: 'Submit Proof for objective 3' }),
    ).toBeInTheDocument();
    offline.unmount();

    // The browser says it is online, but the server cannot be reached: the same copy, the same banner.
    setBrowserOnline(true);
    renderApp(playPath);
    expect(await screen.findByRole('heading', { level: 1, name: quest.title })).toBeInTheDocument();
    await waitFor(() => expect(offlineBanner()).toHaveTextContent(BANNER));
    expect(screen.getByText('33%')).toBeInTheDocument();
  });

  it('forgets the kept copy once the quest is no longer in progress', async () => {
    const first = renderApp(playPath);
    await screen.findByRole('heading', { level: 1, name: quest.title });
    await waitFor(async () => expect(await readSavedQuestPlay(quest._id)).toBeDefined());
    first.unmount();

    api.on('GET', `/quest-progress/${quest._id}`, () =>
      ok(
        aProgressRecord({
          status: 'completed',
          completed_tasks: quest.tasks.map((task) => task._id),
          progress: 100,
          completedAt: '2026-11-12T10:00:00.000Z',
        }),
      ),
    );
    renderApp(playPath);
    expect(await screen.findByText(/Quest completed!/)).toBeInTheDocument();
    await waitFor(async () => expect(await readSavedQuestPlay(quest._id)).toBeUndefined());
  });
});
