import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupApi } from '../../test-support/render-app.tsx';

beforeEach(() => {
  setupApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('landing page', () => {
  it('shows the hero, the static figures and the feature cards to visitors', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Every Corner Has a Story - Discover Yours' }),
    ).toBeInTheDocument();
    for (const figure of ['1,252+', '454+', '4.7']) expect(screen.getByText(figure)).toBeInTheDocument();
    for (const card of ['Find Unique Quests', 'Earn Badges & XP', 'Connect with Explorers']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
    }
    expect(
      screen.getAllByRole('link', { name: /Street Art Trails|Food Walks|Heritage Hunts|Hidden Lanes/ }),
    ).toHaveLength(4);
  });

  it('plays the promo reel and pauses it', async () => {
    renderApp('/');
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'false');
  });
});
