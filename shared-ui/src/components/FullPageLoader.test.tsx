import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';

describe('FullPageLoader', () => {
  it("says 'Loading...' politely by default", () => {
    renderWithTheme(<FullPageLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('takes a translated label', () => {
    renderWithTheme(<FullPageLoader label="Cargando..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
  });
});
