import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { SocialLinks } from './SocialLinks.tsx';

describe('SocialLinks', () => {
  it('links the four profiles by name, opening in a new tab safely', () => {
    renderWithTheme(<SocialLinks />);
    for (const name of ['Instagram', 'Twitter', 'LinkedIn', 'GitHub']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});
