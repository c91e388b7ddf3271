import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import type { Review } from '../../lib/quests/quest-api.ts';
import { aQuest, aVisitorQuest, seenByVisitor, taskIdOf } from '../../test-support/quest-fixtures.ts';
import { fail, linkTarget, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

// MapLibre needs WebGL, which jsdom lacks: the map stands in as its list of stops.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <ol aria-label={ariaLabel} />,
}));

const quest = aVisitorQuest();
const path = `/quest-overview/${quest._id}`;
/** What the same quest answers to the signed-in explorer who started it. */
const startedQuest = aQuest({
  progress: {
    _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c51',
    status: 'ongoing',
    completed_tasks: [taskIdOf(1)],
    total_tasks: 3,
    progress: 33,
    startedAt: '2026-11-09T17:00:00.000Z',
    completedAt: null,
  },
});
const review = (id: number, comment: string): Review => ({
  _id: `9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2${id}`,
  rating: 5,
  comment,
  user: seenByVisitor({
    _id: `2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b8${id}`,
    username: `walker${id}`,
    fullName: `Walker ${id}`,
    avatar: 'https://files.cityquest.app/avatars/w.webp',
  }),
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});
const reviewPage = {
  reviews: [review(1, 'Stunning murals.'), review(2, 'Nice walk.')],
  rating: { average: 4.6, totalReviews: 2, breakdown: quest.ratingBreakdown },
  pagination: { currentPage: 1, totalPages: 1, totalReviews: 2, hasNextPage: false, hasPreviousPage: false },
};

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('quests'));
beforeEach(async () => {
  api = setupApi();
  await i18n.changeLanguage('en');
  // The server answers by who asks: the visitor's view without a token, the explorer's with one.
  api.on('GET', `/quests/${quest._id}`, (request) =>
    ok(request.headers.get('Authorization') ? startedQuest : quest),
  );
  api.on('GET', `/quest-reviews/${quest._id}`, () => ok(reviewPage));
});

describe('Quest page for visitors', () => {
  it("shows the quest and its reviews without the player's parts, read without a token", async () => {
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Murals of Lodhi Colony' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Task number 1')).toBeInTheDocument();
    expect(screen.getByText('Created by cityguide')).toBeInTheDocument();
    const reviews = within(screen.getByRole('region', { name: 'Explorer Reviews' }));
    expect(await reviews.findByText('Stunning murals.')).toBeInTheDocument();
    expect(reviews.getByText('walker1')).toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: 'Rate this quest' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(screen.queryByText(/through this quest/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to My Quests' })).not.toBeInTheDocument();

    const callout = screen.getByRole('region', { name: 'Ready to walk this quest?' });
    expect(linkTarget(within(callout).getByRole('link', { name: 'Sign Up' }))).toEqual({
      path: '/signup',
      redirect: path,
    });
    expect(linkTarget(within(callout).getByRole('link', { name: 'Log In' }))).toEqual({
      path: '/login',
      redirect: path,
    });
    expect(api.calls.map((call) => call.auth)).toEqual([null, null]);
  });

  it('asks to sign up or log in on Start, and after login comes back to the quest with its progress', async () => {
    api.on('POST', '/users/login', () => ok(session(aUser())));
    api.on('GET', '/users/current-user', () => ok(aUser()));
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Quest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up to start this quest' });
    expect(linkTarget(within(dialog).getByRole('link', { name: 'Sign Up' }))).toEqual({
      path: '/signup',
      redirect: path,
    });
    expect(api.calls.some((call) => call.path === '/quest-progress/start')).toBe(false);

    await user.click(within(dialog).getByRole('link', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText(/Email or Username/), 'asha');
    await user.type(screen.getByLabelText(/^Password/), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    // The visitor's answer was forgotten at sign-in: the page is read again as the explorer, with the progress.
    expect(await screen.findByRole('link', { name: 'Continue Quest' })).toBeInTheDocument();
    expect(screen.getByText('You are 33% through this quest.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ready to walk this quest?' })).not.toBeInTheDocument();
    const reads = api.calls.filter((call) => call.path === `/quests/${quest._id}`);
    expect(reads.map((call) => call.auth)).toEqual([null, 'Bearer access-1']);
  });

  it("shares the quest's link: the device's share sheet where there is one, else the link copied", async () => {
    const link = `${window.location.origin}${path}`;
    // user-event stands in for the clipboard.
    const user = userEvent.setup();
    const { unmount } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(
      await screen.findByText('Link copied: paste it anywhere to share this quest.'),
    ).toBeInTheDocument();
    unmount();

    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderApp(path);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({ title: 'Murals of Lodhi Colony', url: link });
      expect(screen.queryByText(/Link copied/)).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('leads a visitor from a quest that does not exist back to the catalogue', async () => {
    api.on('GET', `/quests/${quest._id}`, () => fail(404, 'Quest not found'));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Quest not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quests' })).toHaveAttribute('href', '/explore');
  });
});
