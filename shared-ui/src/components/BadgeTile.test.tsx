import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { BadgeTierChip, BadgeTile, DEFAULT_BADGE_IMAGE } from './BadgeTile.tsx';

describe('BadgeTile', () => {
  it('shows a badge without a tier plainly: no tier chip and no tier theme', () => {
    const { container } = renderWithTheme(<BadgeTile name="Lantern Keeper" tier={null} imageUrl="/b.webp" />);
    expect(screen.getByRole('heading', { name: 'Lantern Keeper' })).toBeInTheDocument();
    expect(container.querySelector('[data-tier]')).toBeNull();
  });

  it('shows the image, name, translated tier, caption and extra content in the tier theme', () => {
    const { container } = renderWithTheme(
      <BadgeTile
        name="Mural Hunter"
        tier="Uncommon"
        tierLabel="Poco común"
        imageUrl="/uploads/badges/art-uncommon.webp"
        imageAlt="Mural Hunter badge"
        caption="Earned: Nov 12, 2026"
        headingOrder={2}
      >
        <a href="/explore">See Quests for This Badge</a>
      </BadgeTile>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Mural Hunter' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mural Hunter badge' })).toHaveAttribute(
      'src',
      '/uploads/badges/art-uncommon.webp',
    );
    expect(screen.getByText('Poco común')).toHaveAttribute('data-tier', 'Uncommon');
    expect(screen.getByText('Earned: Nov 12, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Quests for This Badge' })).toBeInTheDocument();
    const tile = container.querySelector('[data-size]');
    expect(tile).toHaveAttribute('data-tier', 'Uncommon');
    expect(tile).not.toHaveAttribute('data-locked');
  });

  it('falls back to the default badge when the image is missing or fails to load', () => {
    const first = renderWithTheme(<BadgeTile name="No image" tier="Common" imageUrl={null} />);
    expect(screen.getByRole('img', { name: 'No image' })).toHaveAttribute('src', DEFAULT_BADGE_IMAGE);
    first.unmount();
    renderWithTheme(<BadgeTile name="Broken" tier="Rare" imageUrl="/uploads/badges/missing.webp" />);
    const image = screen.getByRole('img', { name: 'Broken' });
    expect(image).toHaveAttribute('src', '/uploads/badges/missing.webp');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DEFAULT_BADGE_IMAGE);
  });

  it('marks a badge still to discover as locked', () => {
    const { container } = renderWithTheme(<BadgeTile name="Master of Secrets" tier="Legendary" locked />);
    expect(container.querySelector('[data-size]')).toHaveAttribute('data-locked', 'true');
    expect(screen.getByText('Legendary')).toBeInTheDocument();
  });

  it('names a tier on its own chip for legends', () => {
    renderWithTheme(<BadgeTierChip tier="Epic" />);
    expect(screen.getByText('Epic')).toHaveAttribute('data-tier', 'Epic');
  });
});
