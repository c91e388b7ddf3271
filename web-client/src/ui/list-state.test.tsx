import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination } from './list-pagination.tsx';
import { ListState } from './list-state.tsx';
import { renderUi } from './testing/render-ui.tsx';

const LABELS = { error: 'Error', dismiss: 'Dismiss', loading: 'Loading users...' };
const EMPTY = { title: 'No users found', icon: null };
const STRINGS = {
  pagination: {
    label: 'Pagination',
    showing: 'Showing {{from}} to {{to}} of {{total}} results',
    page: 'Page {{page}} of {{pages}}',
    previous: 'Previous',
    next: 'Next',
  },
};

function listOf(state: Partial<Parameters<typeof ListState>[0]['list']> = {}) {
  return { loading: false, error: null, dismissError: vi.fn(), reload: vi.fn(async () => {}), ...state };
}

describe('ListState', () => {
  it('shows a failure with Try Again, which reloads, and Dismiss, which drops the failure', async () => {
    const list = listOf({ error: 'Database unavailable' });
    renderUi(
      <ListState list={list} loaded={0} labels={{ ...LABELS, retry: 'Try Again' }} empty={EMPTY}>
        rows
      </ListState>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    // A failure explains the empty list: no empty state beside it.
    expect(screen.queryByText('No users found')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(list.reload).toHaveBeenCalledOnce();
    expect(list.dismissError).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(list.dismissError).toHaveBeenCalledOnce();
  });

  it('offers only Dismiss without a retry label', async () => {
    renderUi(
      <ListState list={listOf({ error: 'Database unavailable' })} loaded={0} labels={LABELS} empty={EMPTY}>
        rows
      </ListState>,
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss']);
  });

  it('shows the loader until the first items, then the empty state or the list', async () => {
    const { unmount } = renderUi(
      <ListState list={listOf({ loading: true })} loaded={0} labels={LABELS} empty={EMPTY}>
        rows
      </ListState>,
    );
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    unmount();
    renderUi(
      <ListState list={listOf()} loaded={0} labels={LABELS} empty={EMPTY}>
        rows
      </ListState>,
    );
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });
});

describe('ListPagination', () => {
  it('words the page and moves by one, only when there is more than one page', async () => {
    const onChange = vi.fn();
    renderUi(<ListPagination page={2} totalPages={3} totalItems={45} pageSize={20} onChange={onChange} />, {
      strings: STRINGS,
    });
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Showing 21 to 40 of 45 results');
    expect(nav).toHaveTextContent('Page 2 of 3');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
