import type { User } from '@cityquest/contract';
import { createAppQueryClient, meKey, unwrap } from '@cityquest/web-client';
import { fail, fakeApi, ok } from '@cityquest/web-client/testing/fake-api';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app.tsx';
import { api, initApi, tokenStore } from '../lib/api.ts';
import { initI18n } from '../lib/i18n.ts';
import { createAppRouter } from '../router.tsx';

export { fail, ok } from '@cityquest/web-client/testing/fake-api';

let signedInUser: User | null = null;
let lastQueryClient: QueryClient | null = null;

/**
 * The real createApiClient over a fetch stub, signed out. GET /users/current-user answers the user `signIn` or
 * `signInAs` left signed in (a test may answer it otherwise).
 */
export function setupApi() {
  const fake = fakeApi();
  initApi({ baseUrl: 'http://api.test/api/v1', fetch: fake.fetch });
  initI18n();
  tokenStore.clear();
  window.localStorage.removeItem('currentUser');
  signedInUser = null;
  lastQueryClient = null;
  fake.on('GET', '/users/current-user', () =>
    signedInUser ? ok(signedInUser) : fail(401, 'Access token required'),
  );
  return fake;
}

/** A session for `user`, as stored tokens: the app loads the user when it starts, as after a reload. */
export function signInAs(user: User) {
  signedInUser = user;
  tokenStore.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return user;
}

/** Signs in through the test's POST /users/login answer, then starts as `signInAs` does. */
export async function signIn(username = 'asha', password = 'long-password') {
  const session = await unwrap(api().POST('/users/login', { body: { username, password } }), 'Login failed');
  if ('challenge' in session) throw new Error('signIn: the account asks for a second factor');
  signInAs(session.user);
  tokenStore.setTokens(session);
  return session.user;
}

/** The signed-in user as the app's cache has it now (what the header, settings and guards show). */
export function currentUser(): User | null {
  return (lastQueryClient?.getQueryData<User | null>(meKey) ?? null) || null;
}

/** Whether the app holds a session (both tokens stored). */
export const isSignedIn = () => tokenStore.isSignedIn();

/** The whole app (real routes, guards and layout) at a path, in memory. */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient({ retry: false });
  lastQueryClient = queryClient;
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<App router={router} />);
  return { ...view, router, queryClient };
}

/** Where a link goes: its path and its `redirect` (the way back after signing in). */
export function linkTarget(link: HTMLElement) {
  const url = new URL(link.getAttribute('href') ?? '', 'http://app.test');
  return { path: url.pathname, redirect: url.searchParams.get('redirect') };
}
