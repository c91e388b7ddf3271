import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp } from '../../test-support/render-app.tsx';
import { aQuest, card, pageOf, setUpModerationApi } from './quest-moderation.fixtures.ts';

const OTHER_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a99';

const { api, queries, serve } = setUpModerationApi();

describe('quest moderation list', () => {
  it('shows the quests as cards with their facts, the status counts, and asks for page 1 of 50', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    queries.length = 0;
    api.on('GET', '/admin/quests', async (request) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      await held;
      return ok(
        pageOf([aQuest(), aQuest({ _id: OTHER_ID, title: 'Old Delhi Food Walk', status: 'approved' })]),
      );
    });
    renderApp('/admin/quests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quest Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('Loading quests...')).toBeInTheDocument();
    release();

    const pending = await card('Murals of Lodhi Colony');
    for (const text of [
      'Pending',
      'Art',
      'Easy',
      '60 XP',
      'New Delhi',
      'Estimated time: 30-45 mins',
      'Submitted by asha',
      '37 completions',
    ]) {
      expect(within(pending).getByText(text)).toBeInTheDocument();
    }
    expect(pending.querySelector('img')).toHaveAttribute(
      'src',
      'https://files.cityquest.app/quests/4d1a.webp',
    );
    expect(
      within(pending).getByRole('button', { name: 'Approve Murals of Lodhi Colony' }),
    ).toBeInTheDocument();
    expect(
      within(pending).getByRole('button', { name: 'Reject Murals of Lodhi Colony' }),
    ).toBeInTheDocument();

    // Approve and Reject are offered only while pending (docs/product-rules/admin-screens.md#quest-moderation-screen).
    const approved = await card('Old Delhi Food Walk');
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(
      within(approved).getByRole('button', { name: 'View details of Old Delhi Food Walk' }),
    ).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /^(Approve|Reject) / })).toBeNull();

    const counts = screen.getByRole('region', { name: 'Quests by status' });
    expect(within(counts).getByText('Total').nextSibling).toHaveTextContent('64');
    expect(within(counts).getByText('Approved').nextSibling).toHaveTextContent('58');
    expect(screen.getByText('2 quests found')).toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', limit: '50' }]);
  });

  it('shows the missing-value texts and the default image when there is no photo', async () => {
    serve(() =>
      pageOf([
        aQuest({
          title: '',
          city: '',
          address: '',
          submittedBy: null,
          files: [],
        }),
      ]),
    );
    renderApp('/admin/quests');
    const quest = await card('Unknown Quest');
    expect(within(quest).getByText('Location not specified')).toBeInTheDocument();
    expect(within(quest).getByText('Submitted by Unknown User')).toBeInTheDocument();
    expect(quest.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('sends the status and category filters, omitting "all", and labels Hidden Gems', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Art', 'Food', 'History', 'Culture', 'Adventure', 'Hidden Gems']);
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'pending', 'approved', 'rejected']);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'rejected');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'rejected' }));
    await userEvent.selectOptions(category, 'HiddenGems');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'rejected', category: 'HiddenGems' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50', category: 'HiddenGems' }));
  });

  it('waits 300 ms after typing before it searches, once', async () => {
    serve(() => pageOf([aQuest()]));
    renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    const search = screen.getByRole('searchbox', { name: 'Search quests' });
    expect(search).toHaveAttribute('placeholder', 'Search by title, description or location');
    await userEvent.type(search, 'lodhi');
    expect(queries).toHaveLength(1);
    await waitFor(() => expect(queries.at(-1)?.search).toBe('lodhi'));
    expect(queries.map((query) => query.search)).toEqual([undefined, 'lodhi']);
  });

  it('pages through more than 50 quests and starts again at page 1 when a filter changes', async () => {
    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    renderApp('/admin/quests');
    expect(await screen.findByText('Showing 1 to 50 of 120 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 100 of 120 results')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: '2', limit: '50' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '50', status: 'pending' }));
  });

  it('keeps the page, search and filters in the address, so a refresh, a link or Back shows the same list', async () => {
    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    const { router, unmount } = renderApp('/admin/quests');
    await card('Murals of Lodhi Colony');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'HiddenGems');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search quests' }), 'lodhi');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ category: 'HiddenGems', search: 'lodhi' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ category: 'HiddenGems', search: 'lodhi', page: 2 }),
    );
    router.history.back();
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ category: 'HiddenGems', search: 'lodhi' }),
    );
    expect(await screen.findByText('Showing 1 to 50 of 120 results')).toBeInTheDocument();
    unmount();

    serve((query) => pageOf([aQuest()], 120, Number(query.get('page'))));
    renderApp('/admin/quests?status=pending&search=lodhi&page=3&category=Everything');
    expect(await screen.findByText('Showing 101 to 120 of 120 results')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search quests' })).toHaveValue('lodhi');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(queries).toEqual([{ page: '3', limit: '50', status: 'pending', search: 'lodhi' }]);
  });

  it('shows the empty state', async () => {
    serve(() => pageOf([]));
    renderApp('/admin/quests');
    expect(await screen.findByText('No quests found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows a failed load with Dismiss and Retry', async () => {
    api.on('GET', '/admin/quests', () => fail(500, 'Database unavailable'));
    renderApp('/admin/quests');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(screen.queryByText('No quests found matching your criteria')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    serve(() => pageOf([aQuest()]));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await card('Murals of Lodhi Colony')).toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', limit: '50', status: 'pending' }]);
  });

  it("falls back to 'Failed to fetch quests for admin' when the server sends no message", async () => {
    api.on('GET', '/admin/quests', () => ({ status: 500, body: {} }));
    renderApp('/admin/quests');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch quests for admin');
  });
});
