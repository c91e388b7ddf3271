import { CATALOGUE, earnedBadge } from '@cityquest/contract/testing/badges';
import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

const me = aUser();
const earned = [
  earnedBadge('Mural Hunter', '2026-11-12T18:00:00.000Z'),
  earnedBadge('Sketch Seeker', '2026-11-01T10:00:00.000Z'),
  earnedBadge('Alley Scout', '2026-10-20T10:00:00.000Z'),
];

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('badges'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  api.on('GET', '/badges', () => ok(CATALOGUE));
  api.on('GET', '/users/my-profile', () => ok(aMyProfile(me, { badges: earned })));
});

afterEach(() => {
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

const tiles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => {
      const tile = heading.closest<HTMLElement>('[data-tier]');
      if (!tile) throw new Error('heading outside a tile');
      return {
        name: heading.textContent,
        tier: tile.getAttribute('data-tier'),
        earned: within(tile).queryByText('Earned') !== null,
      };
    });

describe('Badges Gallery', () => {
  it('shows the catalogue grouped by category with each tier, marking the badges the explorer earned', async () => {
    renderApp('/badges-gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges Gallery' })).toBeInTheDocument();
    expect(await screen.findByText('You have earned 3 of 30 badges')).toBeInTheDocument();
    const categories = ['Art', 'Food', 'History', 'Culture', 'Adventure', 'Hidden Gems'];
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Badge tiers', ...categories]);
    const art = screen.getByRole('region', { name: 'Art' });
    expect(tiles(art)).toEqual([
      { name: 'Sketch Seeker', tier: 'Common', earned: true },
      { name: 'Mural Hunter', tier: 'Uncommon', earned: true },
      { name: 'Gallery Guide', tier: 'Rare', earned: false },
      { name: 'Art Connoisseur', tier: 'Epic', earned: false },
      { name: 'Master of the Arts', tier: 'Legendary', earned: false },
    ]);
    expect(within(art).getByText('2 of 5 earned')).toBeInTheDocument();
    for (const tier of ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'])
      expect(within(art).getByText(tier)).toHaveAttribute('data-tier', tier);
    expect(within(art).getByText('Unlocks at 1,000 Art XP')).toBeInTheDocument();
    const hidden = screen.getByRole('region', { name: 'Hidden Gems' });
    expect(
      tiles(hidden)
        .filter((tile) => tile.earned)
        .map((tile) => tile.name),
    ).toEqual(['Alley Scout']);
    expect(tiles(screen.getByRole('region', { name: 'Food' })).every((tile) => !tile.earned)).toBe(true);
    expect(within(hidden).getByRole('img', { name: 'Master of Secrets badge' })).toHaveAttribute(
      'src',
      'https://files.cityquest.app/badges/hiddengems-legendary.webp',
    );

    const legend = screen.getByRole('region', { name: 'Badge tiers' });
    for (const text of [
      'Silver, from 100 XP',
      'Gold, from 400 XP',
      'Sapphire blue, from 1,000 XP',
      'Royal purple, from 2,000 XP',
      'Red and gold, from 4,000 XP',
    ])
      expect(within(legend).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Collection' })).toHaveAttribute(
      'href',
      '/badge-collection',
    );
  });

  it("speaks the explorer's language in their theme", async () => {
    const spanish = aUser({
      settings: { ...me.settings, appPreferences: { language: 'es', theme: 'dark' } },
    });
    api.on('POST', '/users/login', () => ok({ user: spanish, accessToken: 'a', refreshToken: 'r' }));
    await signIn();
    renderApp('/badges-gallery');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Galería de insignias' }),
    ).toBeInTheDocument();
    const gems = await screen.findByRole('region', { name: 'Joyas ocultas' });
    expect(within(gems).getByText('Legendaria')).toBeInTheDocument();
    expect(within(gems).getByText('Conseguida')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
  });

  it('shows the server message with a retry that loads the gallery again', async () => {
    let failures = 1;
    api.on('GET', '/badges', () => (failures-- > 0 ? fail(503, 'Service unavailable') : ok(CATALOGUE)));
    const user = userEvent.setup();
    renderApp('/badges-gallery');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Service unavailable')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Art' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/badges')).toHaveLength(2);
  });

  it('says so when the catalogue is empty', async () => {
    api.on('GET', '/badges', () => ok([]));
    api.on('GET', '/users/my-profile', () => ok(aMyProfile(me)));
    renderApp('/badges-gallery');
    expect(await screen.findByRole('heading', { name: 'No badges to show yet' })).toBeInTheDocument();
  });
});
