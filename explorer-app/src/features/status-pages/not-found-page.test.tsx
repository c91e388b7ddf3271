import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupApi } from '../../test-support/render-app.tsx';

beforeEach(() => {
  setupApi();
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe('Page Not Found', () => {
  it('counts down 10 seconds and goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp('/somewhere/else');
    expect(await screen.findByText('Taking you home in 10 seconds...')).toBeInTheDocument();
    await advance(3);
    expect(screen.getByText('Taking you home in 7 seconds...')).toBeInTheDocument();
    await advance(8);
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('stops when the countdown is cancelled', async () => {
    const { router } = renderApp('/missing');
    await screen.findByText('Taking you home in 10 seconds...');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Countdown cancelled.')).toBeInTheDocument();
    vi.useFakeTimers();
    await advance(12);
    expect(router.state.location.pathname).toBe('/missing');
    for (const name of ['Go Back Home', 'Go Back', 'Refresh']) {
      expect(
        screen.getAllByRole(name === 'Go Back Home' ? 'link' : 'button', { name }).length,
      ).toBeGreaterThan(0);
    }
  });
});
