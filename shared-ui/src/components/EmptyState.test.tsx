import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('shows the title, the description and the action', () => {
    renderWithTheme(
      <EmptyState title="No friends found" description="Invite someone" action={<Button>Explore</Button>} />,
    );
    expect(screen.getByRole('heading', { name: 'No friends found' })).toBeInTheDocument();
    expect(screen.getByText('Invite someone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces error states', () => {
    renderWithTheme(<EmptyState title="Failed to load quests" tone="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load quests');
  });
});
