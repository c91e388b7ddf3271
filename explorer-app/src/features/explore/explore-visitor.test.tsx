import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import type { QuestSummary } from '../../lib/quests/quest-api.ts';
import { aVisitorSummary } from '../../test-support/quest-fixtures.ts';
import { linkTarget, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

// MapLibre needs WebGL, which jsdom lacks.
vi.mock('@cityquest/shared-ui/map', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const quests = Array.from({ length: 5 }, (_, index) => aVisitorSummary(`Visitor Quest ${index + 1}`));
const page = (items: QuestSummary[]) => ({
  quests: items,
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalQuests: items.length,
    totalCapped: false,
    hasNextPage: false,
    hasPreviousPage: false,
  },
});

let api: ReturnType<typeof setupApi>;
beforeAll(() => loadNamespaces('quests'));
beforeEach(async () => {
  api = setupApi();
  await i18n.changeLanguage('en');
  api.on('GET', '/quests', () => ok(page(quests)));
});

describe('Explore for visitors', () => {
  it('shows the catalogue, read without a token, under a sign-up message that comes back to this list', async () => {
    renderApp('/explore?category=Art');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Visitor Quest 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quests Near You' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feature Under Development' })).not.toBeInTheDocument();

    const callout = screen.getByRole('region', { name: 'Every quest here is one sign-up away' });
    expect(linkTarget(within(callout).getByRole('link', { name: 'Sign Up' }))).toEqual({
      path: '/signup',
      redirect: '/explore?category=Art',
    });
    expect(linkTarget(within(callout).getByRole('link', { name: 'Log In' }))).toEqual({
      path: '/login',
      redirect: '/explore?category=Art',
    });

    // The map's 50 and the list's page, both asked without an Authorization header.
    const reads = api.calls.filter((call) => call.path === '/quests');
    expect(reads.map((call) => call.auth)).toEqual([null, null]);
  });

  it("asks a visitor who starts a quest to sign up or log in, then come back to that quest's page", async () => {
    const user = userEvent.setup();
    renderApp('/explore');
    await user.click(await screen.findByRole('button', { name: 'Start Quest: Visitor Quest 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up to start this quest' });
    const questPage = `/quest-overview/${quests[1]?._id}`;
    expect(linkTarget(within(dialog).getByRole('link', { name: 'Sign Up' }))).toEqual({
      path: '/signup',
      redirect: questPage,
    });
    expect(linkTarget(within(dialog).getByRole('link', { name: 'Log In' }))).toEqual({
      path: '/login',
      redirect: questPage,
    });
    expect(api.calls.some((call) => call.path === '/quest-progress/start')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
