import { IconMap2 } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { IconCard } from './IconCard.tsx';

describe('IconCard', () => {
  it('shows a heading at the requested level and its text', () => {
    renderWithTheme(
      <IconCard icon={IconMap2} title="Find Unique Quests" body="Walks in six categories" headingOrder={2} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Find Unique Quests' })).toBeInTheDocument();
    expect(screen.getByText('Walks in six categories')).toBeInTheDocument();
  });
});
