import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { ModalsHost, withModals } from './ModalsHost.tsx';

describe('ModalsHost', () => {
  it('opens a dialog asked for before the host has loaded and listens', async () => {
    renderWithTheme(<ModalsHost />);
    // Asked for in the same moment the host starts loading: its listeners are not in place yet.
    void withModals((modals) =>
      modals.openConfirmModal({ title: 'Abandon quest?', labels: { confirm: 'Abandon', cancel: 'Cancel' } }),
    );
    expect(await screen.findByRole('dialog', { name: 'Abandon quest?' })).toBeInTheDocument();
  });
});
