import type { Schema } from '@cityquest/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Analytics = Schema<'Analytics'>;

/** When the server computed the figures (it shares them for 30 seconds). */
const AS_OF = '2026-11-26T12:04:00.000Z';

const CATEGORIES = ['Food', 'Art', 'History', 'Culture', 'Adventure', 'HiddenGems'] as const;

function anAnalytics(timeframe: Analytics['timeframe'], completions: number[]): Analytics {
  const total = completions.reduce((sum, value) => sum + value, 0);
  return {
    asOf: AS_OF,
    timeframe,
    dailyActiveUsers: 18,
    weeklyActiveUsers: 44,
    monthlyActiveUsers: 61,
    totalQuestsCompleted: total,
    totalXPAwarded: total * 62,
    popularCategories: CATEGORIES.map((category, index) => ({
      category,
      completions: completions[index] ?? 0,
    })),
  };
}

const FIGURES: Record<Analytics['timeframe'], number[]> = {
  '7d': [5, 3, 2, 0, 0, 0],
  '30d': [41, 30, 22, 15, 8, 4],
  '90d': [120, 95, 60, 40, 30, 5],
};

let api: ReturnType<typeof setupApi>;
let timeframes: (string | null)[];

function serveAnalytics() {
  timeframes = [];
  api.on('GET', '/admin/analytics', (request) => {
    const timeframe = new URL(request.url).searchParams.get('timeframe');
    timeframes.push(timeframe);
    const key = (timeframe ?? '30d') as Analytics['timeframe'];
    return ok(anAnalytics(key, FIGURES[key]));
  });
}

async function openAnalytics() {
  signInAs('admin');
  renderApp('/admin/analytics');
  await screen.findByRole('heading', { level: 1, name: 'Analytics' });
}

const figure = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  api = setupApi();
});

describe('analytics', () => {
  it('loads the last 30 days by default and charts active users and categories', async () => {
    serveAnalytics();
    await openAnalytics();
    expect(await screen.findByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
    expect(timeframes).toEqual(['30d']);
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(within(figure('Quests completed')).getByText('120')).toBeInTheDocument();
    expect(within(figure('XP awarded')).getByText('7,440')).toBeInTheDocument();
    expect(within(figure('Average XP per completion')).getByText('62')).toBeInTheDocument();

    const active = screen.getByRole('list', { name: 'Active users' });
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Daily active users18', 'Weekly active users44', 'Monthly active users61']);
    const categories = screen.getByRole('list', { name: 'Popular categories' });
    const rows = within(categories).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('Food41 completions (34%)');
    expect(rows[5]).toHaveTextContent('Hidden Gems4 completions (3%)');
    // When the figures were computed, in the admin's own time.
    const asOf = screen.getByText('As of').querySelector('time');
    expect(asOf?.getAttribute('datetime')).toBe(AS_OF);
    expect(asOf?.textContent).toMatch(/^\d{2}:\d{2}$/);
  });

  it('asks for 7 and 90 days when the timeframe changes', async () => {
    serveAnalytics();
    await openAnalytics();
    await screen.findByRole('heading', { name: 'Last 30 days' });

    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByRole('heading', { name: 'Last 7 days' })).toBeInTheDocument();
    await waitFor(() => expect(within(figure('Quests completed')).getByText('10')).toBeInTheDocument());
    expect(
      within(screen.getByRole('list', { name: 'Popular categories' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('Food5 completions (50%)');

    await userEvent.click(screen.getByRole('radio', { name: '90 days' }));
    expect(await screen.findByRole('heading', { name: 'Last 90 days' })).toBeInTheDocument();
    await waitFor(() => expect(within(figure('Quests completed')).getByText('350')).toBeInTheDocument());
    expect(timeframes).toEqual(['30d', '7d', '90d']);
  });

  it('keeps the period in the address, leaving the default 30 days out', async () => {
    serveAnalytics();
    signInAs('admin');
    const { router } = renderApp('/admin/analytics?timeframe=90d');
    expect(await screen.findByRole('heading', { name: 'Last 90 days' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked();
    expect(timeframes).toEqual(['90d']);

    await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await screen.findByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByRole('heading', { name: 'Last 7 days' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ timeframe: '7d' });
    router.history.back();
    expect(await screen.findByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
    expect(timeframes).toEqual(['90d', '30d', '7d']);
  });

  it('says when nothing was completed in the period', async () => {
    api.on('GET', '/admin/analytics', () => ok(anAnalytics('30d', [0, 0, 0, 0, 0, 0])));
    await openAnalytics();
    expect(await screen.findByText('No quests were completed in this period')).toBeInTheDocument();
    expect(within(figure('Average XP per completion')).getByText('—')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch analytics' or the server's message, with Try Again", async () => {
    let answer: () => { status: number; body: unknown } = () => ({ status: 500, body: {} });
    api.on('GET', '/admin/analytics', () => answer());
    await openAnalytics();
    expect(await screen.findByText('Failed to fetch analytics')).toBeInTheDocument();
    answer = () => fail(403, 'Admins only');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    answer = () => ok(anAnalytics('30d', FIGURES['30d']));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
    expect(screen.queryByText('Admins only')).toBeNull();
  });
});
