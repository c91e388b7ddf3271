import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test-utils.tsx';
import { UserAvatarMenu } from './UserAvatarMenu.tsx';

describe('UserAvatarMenu', () => {
  it('opens from the labelled avatar and renders each item as the app asks', async () => {
    const onLogout = vi.fn();
    const user = userEvent.setup();
    renderWithTheme(
      <UserAvatarMenu
        name="Asha Verma"
        label="Account menu"
        items={[
          { id: 'profile', label: 'View Profile', component: 'a', itemProps: { href: '/profile' } },
          { id: 'logout', label: 'Logout', color: 'red', dividerBefore: true, onClick: onLogout },
        ]}
      />,
    );
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Asha Verma')).toBeInTheDocument();
    expect(await within(menu).findByRole('menuitem', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('is keyboard operable', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <UserAvatarMenu name="Asha" items={[{ id: 'settings', label: 'Settings', onClick: vi.fn() }]} />,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
