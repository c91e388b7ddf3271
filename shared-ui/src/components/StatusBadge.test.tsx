import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { StatusBadge } from './StatusBadge.tsx';

describe('StatusBadge', () => {
  it.each([
    ['approved', 'green'],
    ['pending', 'yellow'],
    ['rejected', 'red'],
    ['archived', 'blue'],
  ])('colours %s %s', (status, colour) => {
    renderWithTheme(<StatusBadge status={status} />);
    const badge = screen.getByText(status).closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain(`--mantine-color-${colour}`);
  });
});
