import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { Section } from './Section.tsx';
import { Stat } from './Stat.tsx';

describe('Stat', () => {
  it('shows the label, the value and the hint', () => {
    renderWithTheme(
      <Stat label="Total XP" value={1250} icon={<svg aria-hidden="true" />} hint="+50 today" />,
    );
    expect(screen.getByText('Total XP')).toBeInTheDocument();
    expect(screen.getByText('1250')).toBeInTheDocument();
    expect(screen.getByText('+50 today')).toBeInTheDocument();
  });

  it('is an article named by its label on a dashboard', () => {
    renderWithTheme(<Stat size="lg" label="Pending quests" value="12" icon={<svg />} color="yellow" />);
    expect(screen.getByRole('article', { name: 'Pending quests' })).toHaveTextContent('12');
  });
});

describe('Section', () => {
  it('is a region named by its heading', () => {
    renderWithTheme(
      <Section title="Reviews">
        <p>No reviews yet</p>
      </Section>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reviews' })).toHaveTextContent('No reviews yet');
  });
});
