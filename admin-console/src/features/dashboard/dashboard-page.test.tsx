import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

beforeEach(() => {
  setupApi();
});

describe('admin dashboard', () => {
  it('greets the admin, shows the role and links to the admin screens', async () => {
    signInAs('admin', { fullName: 'Meera Admin' });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Welcome, Meera Admin')).toBeInTheDocument();
    expect(within(main).getByText('Your role: Admin')).toBeInTheDocument();
    const actions = within(main).getByRole('region', { name: 'Quick actions' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/admin/quests', '/admin/users', '/admin/proofs', '/admin/action-logs']);
  });

  it('adds the Super Dashboard for a super admin', async () => {
    signInAs('super_admin', { fullName: 'Sara Super' });
    renderApp('/admin/dashboard');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Your role: Super Admin')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Super Dashboard/ })).toHaveAttribute(
      'href',
      '/admin/super-dashboard',
    );
  });
});
