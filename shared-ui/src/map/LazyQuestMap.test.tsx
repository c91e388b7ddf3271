import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { LazyQuestMap } from './LazyQuestMap.tsx';

// The real map needs WebGL, which jsdom lacks; its own behaviour is covered by QuestMap.test.tsx.
vi.mock('./QuestMap.tsx', () => ({
  default: ({ ariaLabel, height }: { ariaLabel: string; height: string }) => (
    <section aria-label={ariaLabel} style={{ height }} />
  ),
}));

// jsdom has no IntersectionObserver: this one lets a test say when the placeholder comes near the screen.
const observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
class ControlledIntersectionObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed.push({ callback, options });
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}
const scrollNear = (isIntersecting: boolean) =>
  act(() => {
    for (const { callback } of observed) {
      callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

const props = { ariaLabel: 'Route map', center: { lat: 1, lng: 2 }, zoom: 15 };

describe('LazyQuestMap', () => {
  afterEach(() => {
    observed.length = 0;
    vi.unstubAllGlobals();
  });

  it('shows a placeholder of the map size until the map comes near the screen, then keeps the map', async () => {
    vi.stubGlobal('IntersectionObserver', ControlledIntersectionObserver);
    renderWithTheme(<LazyQuestMap {...props} height="12rem" />);
    expect(screen.getByRole('region', { name: 'Route map' })).toHaveAttribute('aria-busy', 'true');
    expect(observed[0]?.options?.rootMargin).toBe('400px');

    await scrollNear(true);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Route map' })).not.toHaveAttribute('aria-busy'),
    );
    const map = screen.getByRole('region', { name: 'Route map' });
    expect(map).toHaveStyle({ height: '12rem' });

    await scrollNear(false);
    expect(screen.getByRole('region', { name: 'Route map' })).toBe(map);
  });

  it('shows the map at once where the browser cannot tell what is on screen', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithTheme(<LazyQuestMap {...props} />);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Route map' })).not.toHaveAttribute('aria-busy'),
    );
  });
});
