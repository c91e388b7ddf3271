import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

describe('linked pages that later issues fill in', () => {
  it.each(['/feed', '/events', '/messages', '/submit-ticket'])(
    '%s shows Feature Under Development to visitors',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Feature Under Development' })).toBeInTheDocument();
    },
  );

  it.each(['/profile', '/badges-gallery', '/badge-collection', '/my-quest', '/leaderboard'])(
    '%s is for signed-in explorers only',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/access-denied');
      for (const name of ['Create Account', 'Log In', 'Back to Home']) {
        expect(screen.getByRole('link', { name })).toBeInTheDocument();
      }
      // Signing up or in comes back to the screen asked for.
      for (const [name, to] of [
        ['Create Account', '/signup'],
        ['Log In', '/login'],
      ]) {
        const url = new URL(screen.getByRole('link', { name }).getAttribute('href') ?? '', 'http://app.test');
        expect({ path: url.pathname, redirect: url.searchParams.get('redirect') }).toEqual({
          path: to,
          redirect: path,
        });
      }
    },
  );

  it('sends /quest to the personal quest dashboard', async () => {
    api.on('POST', '/users/login', () => ok(session(aUser())));
    await signIn();
    const { router } = renderApp('/quest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-quest'));
  });
});
