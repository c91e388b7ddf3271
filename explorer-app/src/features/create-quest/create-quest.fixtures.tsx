import { aUser } from '@cityquest/contract/testing/users';
import type { FakeApi } from '@cityquest/web-client/testing/fake-api';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, expect } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';
import { map } from './fake-quest-map.fixtures.tsx';

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

/**
 * The create-quest tests' setup for one test file: before each test a fresh fake API with an explorer signed in,
 * the form's strings in English, place search answering from PLACES and the map counter back at 0. The returned
 * api reaches the running test's fake API.
 */
export function setUpCreateQuestApi() {
  let current: ReturnType<typeof setupApi>;
  beforeEach(async () => {
    await loadNamespaces('create');
    current = setupApi();
    current.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
    await signIn();
    await i18n.changeLanguage('en');
    current.on('GET', '/geo/places', (request) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      return ok({ places: PLACES.filter((place) => place.name.toLowerCase().includes(q)) });
    });
    map.created = 0;
  });
  const api: Pick<FakeApi, 'on' | 'calls'> & { fetch: (request: Request) => Promise<Response> } = {
    on: (method, path, handler) => current.on(method, path, handler),
    get calls() {
      return current.calls;
    },
    fetch: (request) => current.fetch(request),
  };
  return api;
}

export const photo = (name = 'mural.png', type = 'image/png') => new File(['png'], name, { type });

export async function openForm() {
  const view = renderApp('/create-quest');
  expect(await screen.findByRole('heading', { level: 1, name: 'Create a New Quest' })).toBeInTheDocument();
  return view;
}

/** Typing each character re-renders the whole form; pasting keeps these tests fast. */
export async function fill(user: UserEvent, label: string | RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/**
 * The app renders Mantine without env="test" and jsdom lays everything out at zero size, so an open dropdown may
 * still count as hidden: options are found among hidden elements too, inside the dropdown of the one search box.
 */
export const results = (label: string) =>
  screen.getByRole('listbox', { name: `Places matching ${label}`, hidden: true });
export const findOption = (label: string, name: string) =>
  within(results(label)).findByRole('option', { name: new RegExp(name), hidden: true });

export async function pickPlace(user: UserEvent, label: string, typed: string, option: string) {
  await user.type(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }), typed);
  await user.click(await findOption(label, option));
}

/** Every required field filled, two photos, the route's ends picked, a blank second task. */
export async function fillValidQuest(user: UserEvent) {
  await user.upload(screen.getByLabelText('Choose quest photos'), [
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
