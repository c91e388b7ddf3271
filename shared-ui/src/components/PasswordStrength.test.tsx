import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';

describe('PasswordStrength', () => {
  it('shows a weak score as a short bar with its sentence in a polite live region', () => {
    renderWithTheme(<PasswordStrength score={0} label="Weak password: add another word or two" />);
    const bar = screen.getByRole('progressbar', { name: 'Password strength' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(bar).toHaveAttribute('aria-valuetext', 'Weak password: add another word or two');
    const sentence = screen.getByText('Weak password: add another word or two');
    expect(sentence).toHaveAttribute('aria-live', 'polite');
  });

  it('fills the bar as the score grows', () => {
    renderWithTheme(<PasswordStrength score={2} label="Fair password" />);
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    renderWithTheme(<PasswordStrength score={4} label="Strong password" barLabel="Robustesse" />);
    expect(screen.getByRole('progressbar', { name: 'Robustesse' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Strong password')).toBeInTheDocument();
  });

  it('shows an empty bar and the hint before anything is scored', () => {
    renderWithTheme(<PasswordStrength score={null} label="Use a few words you will remember" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Use a few words you will remember')).toBeInTheDocument();
  });
});
