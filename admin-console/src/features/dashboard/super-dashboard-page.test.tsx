import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

async function openSuperDashboard() {
  signInAs('super_admin');
  renderApp('/admin/super-dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' });
  return screen.getByRole('main');
}

describe('super admin dashboard', () => {
  it('says its figures are fixed sample data and shows the headline figures', async () => {
    const main = await openSuperDashboard();
    expect(
      within(main).getByText('This dashboard shows fixed sample data, not live figures.'),
    ).toBeInTheDocument();
    const figure = (name: string) => within(main).getByRole('article', { name });
    expect(within(figure('System health')).getByText('98.7%')).toBeInTheDocument();
    expect(within(figure('Total admins')).getByText('12')).toBeInTheDocument();
    expect(within(figure('API calls (24 hours)')).getByText('45,231')).toBeInTheDocument();
    expect(within(figure('Storage used')).getByText('68%')).toBeInTheDocument();
    expect(within(figure('Storage used')).getByText('342 GB of 500 GB')).toBeInTheDocument();
  });

  it('shows role requests, alerts, super admin actions and system status', async () => {
    const main = await openSuperDashboard();
    const section = (name: string) => within(main).getByRole('region', { name });

    const requests = section('Admin role requests');
    expect(within(requests).getAllByRole('listitem')).toHaveLength(3);
    expect(within(requests).getByText('Kavya Nair')).toBeInTheDocument();
    expect(within(requests).getByText('Super Admin')).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: 'User Management' })).toHaveAttribute(
      'href',
      '/admin/users',
    );

    const alerts = section('System alerts');
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(3);
    expect(within(alerts).getByText('Critical')).toBeInTheDocument();
    expect(
      within(alerts).getByText('Database maintenance is scheduled for Sunday 02:00 UTC.'),
    ).toBeInTheDocument();

    const actions = section('Super admin actions');
    expect(within(actions).getByText('sara promoted ravi to admin')).toBeInTheDocument();
    expect(within(actions).getByText('meera promoted sara to super admin')).toBeInTheDocument();

    const status = section('System status');
    expect(within(status).getAllByRole('listitem')).toHaveLength(5);
    const mail = within(status).getByText('Email delivery').closest('li') as HTMLElement;
    expect(within(mail).getByText('Degraded')).toBeInTheDocument();
    expect(within(mail).getByText('97.2% uptime')).toBeInTheDocument();
  });

  it('makes no server calls of its own', async () => {
    await openSuperDashboard();
    // The root's read of the signed-in user and the admin guard's of the two-factor status are not the page's.
    const shell = ['/admin/api-usage', '/users/current-user', '/users/two-factor'];
    const own = api.calls.filter((call) => !shell.includes(call.path));
    expect(own).toEqual([]);
  });
});
