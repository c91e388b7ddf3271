import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initApi } from '../../lib/api.ts';
import { ok } from '../../test-support/render-app.tsx';
import { findOption, openForm, results, setUpCreateQuestApi } from './create-quest.fixtures.tsx';

vi.mock('@cityquest/shared-ui/map', () => import('./fake-quest-map.fixtures.tsx'));

const api = setUpCreateQuestApi();

const placeCalls = () => api.calls.filter((call) => call.path === '/geo/places');

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
