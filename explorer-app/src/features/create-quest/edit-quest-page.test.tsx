import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aQuest } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

// MapLibre needs WebGL, which jsdom lacks: the map stands in as its numbered stops.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel, waypoints = [] }: { ariaLabel: string; waypoints?: { name?: string }[] }) => (
    <ol aria-label={ariaLabel}>
      {waypoints.map((point) => (
        <li key={point.name}>{point.name}</li>
      ))}
    </ol>
  ),
}));

const me = aUser();
const mine = { _id: me._id, username: me.username, fullName: me.fullName, avatar: null };
const rejected = aQuest({
  status: 'rejected',
  rejectionReason: 'The photos are blurry',
  submittedBy: mine,
});
const path = `/edit-quest/${rejected._id}`;

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('create'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  api.on('GET', `/quests/${rejected._id}`, () => ok(rejected));
});

describe('Edit Quest', () => {
  it('prefills the form from the quest and saves the changes with PUT', async () => {
    let saved: unknown;
    api.on('PUT', `/quests/${rejected._id}`, (_request, body) => {
      saved = body;
      return ok({ ...rejected, status: 'pending', rejectionReason: null });
    });
    const user = userEvent.setup();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Quest' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This quest was rejected: The photos are blurry. Saving your changes sends it back for review.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Quest Title/)).toHaveValue('Murals of Lodhi Colony');
    expect(screen.getByLabelText(/^Subtitle/)).toHaveValue("India's first open-air art district");
    expect(screen.getByLabelText(/^Category/)).toHaveValue('Art');
    expect(screen.getByLabelText(/^Difficulty/)).toHaveValue('Easy');
    expect(screen.getByLabelText(/^Pincode/)).toHaveValue('110003');
    expect(screen.getByLabelText('Tags')).toHaveValue('street art, walking');
    expect(screen.getByLabelText('Task 3')).toHaveValue('Task number 3');
    expect(screen.getByLabelText('Tip 4')).toHaveValue('Tip number 4');
    expect(screen.getByRole('combobox', { name: /^Start Location/ })).toHaveValue('Lodhi Colony Market');
    expect(screen.getByRole('combobox', { name: /^End Location/ })).toHaveValue('Meherchand Market');
    expect(
      within(await screen.findByRole('list', { name: 'Map of the quest route' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lodhi Colony Market', 'Blue Elephant', 'Meherchand Market']);
    // Photos stay as uploaded.
    expect(screen.getByRole('img', { name: 'Quest photo 1' })).toHaveAttribute(
      'src',
      'https://files.cityquest.app/quests/4d1a.webp',
    );
    expect(screen.queryByLabelText(/^Quest Photos/)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Quest Title/));
    await user.click(screen.getByLabelText(/^Quest Title/));
    await user.paste('Murals of Lodhi Colony, revisited');
    await user.click(screen.getByRole('button', { name: 'Remove tip 2' }));
    const notes = screen.getByLabelText('Accessibility notes');
    expect(notes).toHaveValue(rejected.accessibilityNotes);
    await user.clear(notes);
    await user.click(notes);
    await user.paste(' Step-free all the way. ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText("Quest updated successfully! You'll be redirected to your quests page."),
    ).toBeInTheDocument();
    expect(saved).toEqual({
      title: 'Murals of Lodhi Colony, revisited',
      subtitle: "India's first open-air art district",
      category: 'Art',
      difficulty: 'Easy',
      description: rejected.description,
      address: 'Lodhi Colony Market',
      city: 'New Delhi',
      pincode: '110003',
      startLocation: { lat: 28.5879, lng: 77.2205, name: 'Lodhi Colony Market' },
      endLocation: { lat: 28.5861, lng: 77.2247, name: 'Meherchand Market' },
      tags: ['street art', 'walking'],
      proofInstructions: rejected.proofInstructions,
      accessibilityNotes: 'Step-free all the way.',
      // The first task keeps its hint; xp stays out because it was not changed.
      tasks: [
        { description: 'Task number 1', hint: 'Look behind the post office.' },
        'Task number 2',
        'Task number 3',
      ],
      tips: ['Tip number 1', 'Tip number 3', 'Tip number 4'],
      waypoints: [{ lat: 28.5884, lng: 77.2215, name: 'Blue Elephant', address: 'Block 11' }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-quest'), { timeout: 3000 });
  });

  it('sends a route end saved without its point as the name alone, for the server to look up', async () => {
    const [route] = rejected.routes;
    if (!route) throw new Error('no route');
    api.on('GET', `/quests/${rejected._id}`, () =>
      ok({ ...rejected, routes: [{ ...route, start_location: 'Old Fort', start_coordinates: null }] }),
    );
    let saved: Record<string, unknown> = {};
    api.on('PUT', `/quests/${rejected._id}`, (_request, body) => {
      saved = body as Record<string, unknown>;
      return ok({ ...rejected, status: 'pending', rejectionReason: null });
    });
    const user = userEvent.setup();
    renderApp(path);
    expect(await screen.findByRole('combobox', { name: /^Start Location/ })).toHaveValue('Old Fort');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved.startLocation).toBe('Old Fort'));
    expect(saved.endLocation).toEqual({ lat: 28.5861, lng: 77.2247, name: 'Meherchand Market' });
  });

  it('sends the xp suggestion once it is changed, and shows a failed save in the red banner', async () => {
    let saved: Record<string, unknown> = {};
    api.on('PUT', `/quests/${rejected._id}`, (_request, body) => {
      saved = body as Record<string, unknown>;
      return fail(409, 'Approved quests can only be changed by an admin');
    });
    const user = userEvent.setup();
    const { router } = renderApp(path);
    const xp = await screen.findByLabelText('XP Suggestion');
    await user.clear(xp);
    await user.click(xp);
    await user.paste('25');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Approved quests can only be changed by an admin',
    );
    expect(saved.xp).toBe(25);
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    [
      'someone else’s quest',
      { submittedBy: { ...mine, _id: '9a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99' } },
      'You can only edit quests that you created.',
    ],
    [
      'an approved quest',
      { status: 'approved' as const, rejectionReason: null },
      'Only quests that are pending review or rejected can be edited. Approved quests can only be changed by an admin.',
    ],
  ])('explains why %s cannot be edited', async (_case, overrides, message) => {
    api.on('GET', `/quests/${rejected._id}`, () => ok({ ...rejected, ...overrides }));
    renderApp(path);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This quest cannot be edited here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Quests' })).toHaveAttribute('href', '/my-quest');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, and a missing quest without it', async () => {
    let calls = 0;
    api.on('GET', `/quests/${rejected._id}`, () => {
      calls += 1;
      return calls === 1 ? fail(500, 'database down') : ok(rejected);
    });
    const user = userEvent.setup();
    const view = renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Error loading quest: database down' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Quests' })).toHaveAttribute('href', '/my-quest');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^Quest Title/)).toHaveValue('Murals of Lodhi Colony');
    view.unmount();

    api.on('GET', `/quests/${rejected._id}`, () => fail(404, 'Quest not found'));
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Error loading quest: Quest not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Quests' })).toHaveAttribute('href', '/my-quest');
  });

  it("puts the server's field errors on their fields", async () => {
    api.on('PUT', `/quests/${rejected._id}`, () =>
      fail(400, 'City is required.', [{ field: 'city', message: 'City is required.' }]),
    );
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const city = screen.getByLabelText(/^City\b/);
    await waitFor(() => expect(city).toBeInvalid());
    expect(city).toHaveAccessibleDescription('City is required.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
