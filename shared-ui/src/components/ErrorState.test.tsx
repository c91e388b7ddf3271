import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { ErrorState } from './ErrorState.tsx';

describe('ErrorState', () => {
  it('announces the failure and retries on request', async () => {
    const onRetry = vi.fn();
    renderWithTheme(
      <ErrorState
        title="Failed to load quests"
        message="Network error"
        onRetry={onRetry}
        retryLabel="Retry"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load quests');
    expect(alert).toHaveTextContent('Network error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no button without a retry action', () => {
    renderWithTheme(<ErrorState title="Quest not found" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Quest not found');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
