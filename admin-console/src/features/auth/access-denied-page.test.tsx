import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

describe('Access Denied', () => {
  it('explains the console is for admins and links to the main site', async () => {
    signInAs('user', { fullName: 'Asha Verma' });
    renderApp('/access-denied');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(/only for admins and super admins/)).toBeInTheDocument();
    expect(screen.getByText(/signed in as Asha Verma \(Explorer\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the main site' })).toHaveAttribute('href', '/');
  });

  it('logs out and offers the sign-in form for another account, even if the call fails', async () => {
    api.on('POST', '/users/logout', () => fail(500, 'Internal server error'));
    signInAs('user');
    const { router } = renderApp('/access-denied');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Log out and sign in with another account' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('offers a visitor the sign-in form', async () => {
    renderApp('/access-denied');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
