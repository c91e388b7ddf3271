import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { Logo } from './Logo.tsx';

describe('Logo', () => {
  it('shows the word mark beside a decorative mark', () => {
    const { container } = renderWithTheme(<Logo />);
    expect(screen.getByText('CityQuest')).toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('can show the mark alone', () => {
    renderWithTheme(<Logo withText={false} />);
    expect(screen.queryByText('CityQuest')).toBeNull();
  });
});
