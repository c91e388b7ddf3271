import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { XpLevelIndicator } from './XpLevelIndicator.tsx';

describe('XpLevelIndicator', () => {
  it('shows the level, the xp into the level and a bar', () => {
    renderWithTheme(<XpLevelIndicator level={2} currentXP={120} nextLevelXP={500} />);
    expect(screen.getByText('Lv. 2')).toBeInTheDocument();
    expect(screen.getByText('XP: 120 / 500')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Level progress' })).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
  });

  it('caps the bar at 100 percent', () => {
    renderWithTheme(<XpLevelIndicator level={1} currentXP={900} nextLevelXP={500} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});
