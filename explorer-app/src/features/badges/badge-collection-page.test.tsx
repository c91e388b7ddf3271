import { badgeNamed, CATALOGUE, earnedBadge } from '@cityquest/contract/testing/badges';
import { aUser } from '@cityquest/contract/testing/users';
import { DEFAULT_BADGE_IMAGE } from '@cityquest/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';
import type { Badge } from './badges-api.ts';

// Explore's map needs WebGL, which jsdom lacks.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const me = aUser();
const noXP = { Art: 0, Food: 0, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 };
const earned = [
  earnedBadge('Mural Hunter', '2026-11-12T18:00:00.000Z'),
  earnedBadge('Street Snacker', '2026-11-05T10:00:00.000Z'),
  earnedBadge('Sketch Seeker', '2026-11-01T10:00:00.000Z'),
];
// A badge an admin created (numbered after the 30 category badges): awarded by hand, never by xp.
const special: Badge = {
  ...badgeNamed('Sketch Seeker'),
  _id: '8a9b0c1d-2e3f-4a5b-8c6d-990000000031',
  badgeId: 31,
  name: 'Festival Volunteer',
  description: 'Helped at the city art festival.',
  xpRequired: 300,
};

// The explorer's earned badges come with their profile (MyProfile.badges).
const profile = (categoryXP: Record<string, number>, badges = earned) =>
  aMyProfile(me, { categoryXP: { ...noXP, ...categoryXP }, badges, questsCompleted: 9 });

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('badges'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
  api.on('GET', '/badges', () => ok([...CATALOGUE, special]));
  api.on('GET', '/users/my-profile', () => ok(profile({ Art: 420, Food: 200, Culture: 50 })));
});

const tileOf = (region: HTMLElement, name: string) => {
  const tile = within(region).getByRole('heading', { level: 3, name }).closest<HTMLElement>('[data-tier]');
  if (!tile) throw new Error(`no tile for ${name}`);
  return tile;
};
const tileNames = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('Badge Collection', () => {
  it("splits earned, in-progress and to-discover badges with percentages from the profile's category xp", async () => {
    renderApp('/badge-collection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Badge Collection' })).toBeInTheDocument();
    expect(await screen.findByText('3 of 31 badges earned')).toBeInTheDocument();

    // The next badge of each category with xp, closest first: Food 200/400, Culture 50/100, Art 420/1000.
    const inProgress = screen.getByRole('region', { name: 'Badges in Progress' });
    expect(tileNames(inProgress)).toEqual(['Spice Trailer', 'Culture Curious', 'Gallery Guide']);
    const gallery = tileOf(inProgress, 'Gallery Guide');
    expect(within(gallery).getByText('420 / 1,000 Art XP')).toBeInTheDocument();
    expect(within(gallery).getByText('42%')).toBeInTheDocument();
    expect(within(gallery).getByRole('progressbar', { name: 'Gallery Guide progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(within(tileOf(inProgress, 'Spice Trailer')).getByText('50%')).toBeInTheDocument();
    expect(
      within(tileOf(inProgress, 'Culture Curious')).getByText('50 / 100 Culture XP'),
    ).toBeInTheDocument();
    // Each opens Explore on the badge's category.
    const seeQuests = within(inProgress)
      .getAllByRole('link', { name: /^See Quests for This Badge/ })
      .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    expect(seeQuests).toEqual([
      ['See Quests for This Badge: Spice Trailer', '/explore?category=Food'],
      ['See Quests for This Badge: Culture Curious', '/explore?category=Culture'],
      ['See Quests for This Badge: Gallery Guide', '/explore?category=Art'],
    ]);
    expect(within(gallery).getByRole('link')).toHaveTextContent('See Quests for This Badge');

    const earnedRegion = screen.getByRole('region', { name: 'Earned Badges' });
    expect(tileNames(earnedRegion)).toEqual(['Mural Hunter', 'Street Snacker', 'Sketch Seeker']);
    expect(
      within(tileOf(earnedRegion, 'Mural Hunter')).getByText('Earned: Nov 12, 2026'),
    ).toBeInTheDocument();
    expect(within(tileOf(earnedRegion, 'Mural Hunter')).getByText('Uncommon')).toBeInTheDocument();

    const discover = screen.getByRole('region', { name: 'Discover More Badges' });
    const rest = tileNames(discover);
    expect(rest).toHaveLength(31 - 3 - 3);
    expect(rest).toEqual(expect.arrayContaining(['Art Connoisseur', 'Time Traveller', 'Festival Volunteer']));
    expect(rest).not.toEqual(expect.arrayContaining(['Gallery Guide']));
    expect(tileOf(discover, 'Time Traveller')).toHaveAttribute('data-locked', 'true');
    expect(
      within(tileOf(discover, 'Time Traveller')).getByText('Unlocks at 100 History XP'),
    ).toBeInTheDocument();
    expect(
      within(tileOf(discover, 'Festival Volunteer')).getByText('Helped at the city art festival.'),
    ).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Browse the Badges Gallery' })).toHaveAttribute(
      'href',
      '/badges-gallery',
    );
    const reads = api.calls.filter((call) => call.method === 'GET').map((call) => call.path);
    expect(reads).toEqual(expect.arrayContaining(['/badges', '/users/my-profile']));
  });

  it('opens Explore on the badge category from See Quests for This Badge', async () => {
    const listed: (string | null)[] = [];
    api.on('GET', '/quests', (request) => {
      const query = new URL(request.url).searchParams;
      if (query.get('limit') === '12') listed.push(query.get('category'));
      return ok({
        quests: [],
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalQuests: 0,
          totalCapped: false,
          hasNextPage: false,
          hasPreviousPage: false,
        },
      });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/badge-collection');
    await user.click(await screen.findByRole('link', { name: 'See Quests for This Badge: Culture Curious' }));
    expect(await screen.findByLabelText('Category')).toHaveValue('Culture');
    expect(router.state.location.pathname).toBe('/explore');
    expect(router.state.location.search).toEqual({ category: 'Culture' });
    await waitFor(() => expect(listed).toEqual(['Culture']));
  });

  it('shows who awarded a badge by hand and falls back to the default badge image', async () => {
    api.on('GET', '/users/my-profile', () =>
      ok(
        profile({ Art: 420 }, [
          {
            badge_id: { ...special, imageUrl: null },
            earnedAt: '2026-11-20T10:00:00.000Z',
            reason: 'Volunteering',
          },
          earnedBadge('Sketch Seeker', '2026-11-01T10:00:00.000Z'),
        ]),
      ),
    );
    renderApp('/badge-collection');
    const earnedRegion = await screen.findByRole('region', { name: 'Earned Badges' });
    const volunteer = tileOf(earnedRegion, 'Festival Volunteer');
    expect(within(volunteer).getByText('Awarded for: Volunteering')).toBeInTheDocument();
    expect(within(volunteer).getByRole('img', { name: 'Festival Volunteer badge' })).toHaveAttribute(
      'src',
      DEFAULT_BADGE_IMAGE,
    );
    const image = within(tileOf(earnedRegion, 'Sketch Seeker')).getByRole('img', {
      name: 'Sketch Seeker badge',
    });
    expect(image).toHaveAttribute('src', 'https://files.cityquest.app/badges/art-common.webp');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DEFAULT_BADGE_IMAGE);
  });

  it('shows the empty states of a new explorer', async () => {
    api.on('GET', '/users/my-profile', () => ok(profile(noXP, [])));
    renderApp('/badge-collection');
    expect(await screen.findByText('0 of 31 badges earned')).toBeInTheDocument();
    const inProgress = screen.getByRole('region', { name: 'Badges in Progress' });
    expect(
      within(inProgress).getByRole('heading', { name: 'No badges in progress yet' }),
    ).toBeInTheDocument();
    expect(within(inProgress).getByRole('link', { name: 'Explore Quests' })).toHaveAttribute(
      'href',
      '/explore',
    );
    const earnedRegion = screen.getByRole('region', { name: 'Earned Badges' });
    expect(within(earnedRegion).getByRole('heading', { name: 'No badges earned yet' })).toBeInTheDocument();
    expect(tileNames(screen.getByRole('region', { name: 'Discover More Badges' }))).toHaveLength(31);
  });

  it('says when every badge is collected', async () => {
    api.on('GET', '/badges', () => ok(CATALOGUE.slice(0, 2)));
    api.on('GET', '/users/my-profile', () =>
      ok(
        profile(noXP, [
          earnedBadge('Mural Hunter', '2026-11-12T18:00:00.000Z'),
          earnedBadge('Sketch Seeker', '2026-11-01T10:00:00.000Z'),
        ]),
      ),
    );
    renderApp('/badge-collection');
    expect(
      await screen.findByRole('heading', { name: 'You have collected every badge. Well done!' }),
    ).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the collection again', async () => {
    let failures = 1;
    api.on('GET', '/users/my-profile', () => (failures-- > 0 ? fail(500, '') : ok(profile({ Art: 420 }))));
    const user = userEvent.setup();
    renderApp('/badge-collection');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not load badges' })).toBeInTheDocument();
    expect(within(alert).getByText('Failed to fetch current user profile')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const inProgress = await screen.findByRole('region', { name: 'Badges in Progress' });
    expect(tileNames(inProgress)).toEqual(['Gallery Guide']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
