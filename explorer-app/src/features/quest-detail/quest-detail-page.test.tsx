import { aUser } from '@cityquest/contract/testing/users';
import { DEFAULT_QUEST_IMAGE } from '@cityquest/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { aQuest, aQuestSummary, taskIdOf } from '../../test-support/quest-fixtures.ts';
import { starLabel } from '../../test-support/rating.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

// MapLibre needs WebGL, which jsdom lacks: the map stands in as its list of numbered stops.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel, waypoints = [] }: { ariaLabel: string; waypoints?: { name?: string }[] }) => (
    <ol aria-label={ariaLabel}>
      {waypoints.map((point) => (
        <li key={point.name}>{point.name}</li>
      ))}
    </ol>
  ),
}));

const quest = aQuest();
const ongoingProgress = {
  _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c51',
  status: 'ongoing' as const,
  completed_tasks: [taskIdOf(1)],
  total_tasks: 3,
  progress: 33,
  startedAt: '2026-11-09T17:00:00.000Z',
  completedAt: null,
};
const startedQuest = aQuest({ progress: ongoingProgress });
/** POST /quest-progress/start's answer: the new progress record. */
const startedRecord = {
  ...ongoingProgress,
  quest_id: aQuestSummary(),
  user_id: aUser()._id,
  completed_tasks: [],
  progress: 0,
  xpEarned: 0,
  notes: '',
  taskProofs: {},
  updatedAt: ongoingProgress.startedAt,
};
const path = `/quest-overview/${quest._id}`;
const review = (id: number, rating: number, comment: string) => ({
  _id: `9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2${id}`,
  rating,
  comment,
  user: {
    _id: `2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b8${id}`,
    username: `user${id}`,
    fullName: `Reviewer ${id}`,
    avatar: null,
  },
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});
const reviewPage = (reviews: ReturnType<typeof review>[], breakdown = quest.ratingBreakdown) => ({
  reviews,
  rating: { average: 4.6, totalReviews: reviews.length, breakdown },
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalReviews: reviews.length,
    hasNextPage: false,
    hasPreviousPage: false,
  },
});

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('quests'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: aUser(), accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  api.on('GET', '/users/current-user', () => ok(aUser()));
  await i18n.changeLanguage('en');
  api.on('GET', `/quests/${quest._id}`, () => ok(quest));
  api.on('GET', `/quest-reviews/${quest._id}`, () =>
    ok(reviewPage([review(1, 5, 'Stunning murals.'), review(2, 4, 'Nice walk.'), review(3, 3, 'Crowded.')])),
  );
});

describe('Quest detail', () => {
  it('shows the quest from the server: hero, stats, steps, tips, route, address and reviews', async () => {
    const user = userEvent.setup();
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Murals of Lodhi Colony' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('60 XP').length).toBeGreaterThan(0);
    expect(screen.getByText('412')).toBeInTheDocument();
    expect(screen.getByText('37')).toBeInTheDocument();
    expect(screen.getByText('#street art')).toBeInTheDocument();
    expect(screen.getByText('Accessibility:').parentElement).toHaveTextContent(
      'Accessibility: Flat lanes with step-free kerbs; benches in the shade at the market.',
    );
    // Adventure Path: 2 steps, then all.
    expect(screen.getByText('Task number 2')).toBeInTheDocument();
    expect(screen.queryByText('Task number 3')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View all 3 steps' }));
    expect(screen.getByText('Task number 3')).toBeInTheDocument();
    // Tips: 3, then more.
    expect(screen.getByText('Tip number 3')).toBeInTheDocument();
    expect(screen.queryByText('Tip number 4')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View 1 more tips' }));
    expect(screen.getByText('Tip number 4')).toBeInTheDocument();
    // Reviews: 2, then more.
    expect(await screen.findByText('Stunning murals.')).toBeInTheDocument();
    expect(screen.queryByText('Crowded.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View 1 more reviews' }));
    expect(screen.getByText('Crowded.')).toBeInTheDocument();
    // Route map with numbered stops and the route's details.
    const map = screen.getByRole('list', { name: 'Route map of Murals of Lodhi Colony' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lodhi Colony Market', 'Blue Elephant', 'Meherchand Market']);
    expect(screen.getByText('Lodhi Colony Market', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('New Delhi, Delhi, 110003')).toBeInTheDocument();
    expect(screen.getByLabelText('8 reviews gave 5 stars')).toBeInTheDocument();
  });

  it('falls back to the default image when the cover fails to load', async () => {
    renderApp(path);
    const hero = (await screen.findByRole('heading', { level: 1 })).closest('header')?.querySelector('img');
    if (!hero) throw new Error('no hero image');
    expect(hero).toHaveAttribute('src', 'https://files.cityquest.app/quests/4d1a.webp');
    fireEvent.error(hero);
    expect(hero).toHaveAttribute('src', DEFAULT_QUEST_IMAGE);
  });

  it('loads further pages of reviews', async () => {
    api.on('GET', `/quest-reviews/${quest._id}`, (request) => {
      const second = new URL(request.url).searchParams.get('page') === '2';
      const reviews = second
        ? [review(7, 2, 'Too hot at noon.')]
        : [review(1, 5, 'Stunning murals.'), review(2, 4, 'Nice walk.'), review(3, 3, 'Crowded.')];
      return ok({
        ...reviewPage(reviews),
        pagination: {
          currentPage: second ? 2 : 1,
          totalPages: 2,
          totalReviews: 4,
          hasNextPage: !second,
          hasPreviousPage: second,
        },
      });
    });
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'View 1 more reviews' }));
    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    expect(await screen.findByText('Too hot at noon.')).toBeInTheDocument();
    expect(screen.getByText('Crowded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
  });

  it('asks to start the quest before reviewing it, and creators cannot review their own', async () => {
    renderApp(path);
    expect(await screen.findByText('Start this quest to rate and review it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    api.on('GET', `/quests/${quest._id}`, () =>
      ok(
        aQuest({
          progress: ongoingProgress,
          submittedBy: { _id: aUser()._id, username: 'asha', fullName: 'Asha', avatar: null },
        }),
      ),
    );
    renderApp(path);
    expect(await screen.findByText('You cannot review your own quest.')).toBeInTheDocument();
  });

  it('posts a review with its stars and text, counts characters and thanks the explorer', async () => {
    api.on('GET', `/quests/${quest._id}`, () => ok(startedQuest));
    api.on('POST', `/quest-reviews/${quest._id}`, (_request, body) => ({
      status: 201,
      body: {
        success: true,
        statusCode: 201,
        message: 'Created',
        data: { ...review(9, 4, 'Loved it'), ...(body as object) },
      },
    }));
    const user = userEvent.setup();
    renderApp(path);
    const submit = await screen.findByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    await user.click(starLabel('4 stars: Very Good'));
    expect(screen.getByText('Very Good')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your review (optional)'), 'Loved it');
    expect(screen.getByText('8/500')).toBeInTheDocument();
    api.on('GET', `/quest-reviews/${quest._id}`, () =>
      ok(reviewPage([review(9, 4, 'Loved it'), review(1, 5, 'Stunning murals.')])),
    );
    await user.click(submit);
    expect(await screen.findByText('Thank you for your review!')).toBeInTheDocument();
    const posted = api.calls.find(
      (call) => call.method === 'POST' && call.path === `/quest-reviews/${quest._id}`,
    );
    expect(posted?.body).toEqual({ rating: 4, comment: 'Loved it' });
    // The reviews and the rating are read again, with the new review.
    const reviews = within(screen.getByRole('region', { name: 'Explorer Reviews' }));
    expect(await reviews.findByText('Loved it')).toBeInTheDocument();
    expect(screen.getByText('2 reviews')).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields", async () => {
    api.on('GET', `/quests/${quest._id}`, () => ok(startedQuest));
    api.on('POST', `/quest-reviews/${quest._id}`, () =>
      fail(400, 'Validation failed', [{ field: 'comment', message: 'Comment must not contain links' }]),
    );
    const user = userEvent.setup();
    renderApp(path);
    await user.click(
      starLabel('5 stars: Excellent', await screen.findByRole('radio', { name: '5 stars: Excellent' })),
    );
    await user.type(screen.getByLabelText('Your review (optional)'), 'See my blog');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Comment must not contain links')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a review longer than the contract allows', async () => {
    api.on('GET', `/quests/${quest._id}`, () => ok(startedQuest));
    const user = userEvent.setup();
    renderApp(path);
    await user.click(starLabel('3 stars: Good', await screen.findByRole('radio', { name: '3 stars: Good' })));
    const text = screen.getByLabelText('Your review (optional)');
    await user.click(text);
    await user.paste('x'.repeat(501));
    expect(screen.getByText('Reviews can be at most 500 characters.')).toBeInTheDocument();
    expect(screen.getByText('501/500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  });

  it("shows the server's message when the review is refused", async () => {
    api.on('GET', `/quests/${quest._id}`, () => ok(startedQuest));
    api.on('POST', `/quest-reviews/${quest._id}`, () => fail(403, 'Start this quest before reviewing it'));
    const user = userEvent.setup();
    renderApp(path);
    await user.click(starLabel('1 star: Poor', await screen.findByRole('radio', { name: '1 star: Poor' })));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Start this quest before reviewing it');
  });

  it('starts the quest, refreshes the header and goes to the quest in progress', async () => {
    api.on('POST', '/quest-progress/start', () => ok(startedRecord));
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Quest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quest-in-progress/${quest._id}`));
    expect(api.calls.find((call) => call.path === '/quest-progress/start')?.body).toEqual({
      questId: quest._id,
    });
    // The quest's page is read again (it now carries the progress) and so is the header's user.
    expect(api.calls.filter((call) => call.path === `/quests/${quest._id}`).length).toBeGreaterThanOrEqual(2);
    expect(api.calls.some((call) => call.path === '/users/current-user')).toBe(true);
  });

  it('opens the limit dialog when 3 quests are ongoing, else shows the failure alert', async () => {
    api.on('POST', '/quest-progress/start', () =>
      fail(
        429,
        'You can only have 3 ongoing quests at a time. Complete or abandon one of your current quests to start a new adventure.',
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Start Quest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quest Limit Reached' });
    await user.click(within(dialog).getByRole('link', { name: 'View My Quests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-quest'));

    api.on('POST', '/quest-progress/start', () => fail(500, 'boom'));
    await router.navigate({ to: path as never });
    await user.click(await screen.findByRole('button', { name: 'Start Quest' }));
    expect(await screen.findByText('Failed to start quest. Please try again.')).toBeInTheDocument();
  });

  it('offers Continue Quest when the quest is already ongoing', async () => {
    api.on('GET', `/quests/${quest._id}`, () => ok(startedQuest));
    renderApp(path);
    expect(await screen.findByRole('link', { name: 'Continue Quest' })).toHaveAttribute(
      'href',
      `/quest-in-progress/${quest._id}`,
    );
  });

  it("shows 'Quest not found' and the server's error with a way back", async () => {
    api.on('GET', `/quests/${quest._id}`, () => fail(404, 'Quest not found'));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Quest not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Quests' })).toHaveAttribute('href', '/quest');

    api.on('GET', `/quests/${quest._id}`, () => fail(500, 'database down'));
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Error loading quest: database down' }),
    ).toBeInTheDocument();
  });
});
