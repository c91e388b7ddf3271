import type { User } from '@cityquest/contract';
import { aUser, session } from '@cityquest/contract/testing/users';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  redirect,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorageTokenStore, createLocalStorageUserCache } from '../browser.ts';
import { type ApiClient, createApiClient } from '../client.ts';
import { apiKey, createAppQueryClient } from '../query.ts';
import { fail, fakeApi, ok } from '../testing/fake-api.ts';
import { configureAuth } from './auth.ts';
import { createTokenStore } from './token-store.ts';
import { configureTwoFactor } from './two-factor.ts';

const asha = aUser({ fullName: 'Asha Rao' });

let fake: ReturnType<typeof fakeApi>;
beforeEach(() => {
  window.localStorage.clear();
  fake = fakeApi();
});

/**
 * A small app on the shared session: a root that ensures the user, a guarded page, a sign-in page with the two
 * steps, and a page with a cached answer that a session end must forget.
 */
function renderApp(path: string, options: { offline?: boolean } = {}) {
  const tokens = createTokenStore(createLocalStorageTokenStore());
  let client: ApiClient | undefined;
  const api = () => client as ApiClient;
  const auth = configureAuth({
    api,
    tokens,
    ...(options.offline ? { userCache: createLocalStorageUserCache() } : {}),
  });
  const twoFactor = configureTwoFactor({ api, auth });
  const queryClient = createAppQueryClient({ retry: false });

  function SignIn() {
    const login = auth.useLogin();
    const complete = auth.useCompleteTwoFactor();
    const [challenge, setChallenge] = useState<Parameters<typeof complete.mutate>[0]['challenge'] | null>(
      null,
    );
    const [error, setError] = useState('');
    if (challenge)
      return (
        <button
          type="button"
          disabled={complete.isPending}
          onClick={() =>
            complete.mutate(
              { challenge, code: ' 123456 ' },
              { onSuccess: () => void router.navigate({ to: '/' }), onError: (e) => setError(e.message) },
            )
          }
        >
          Send code
        </button>
      );
    return (
      <>
        <p>{error}</p>
        <button
          type="button"
          disabled={login.isPending}
          onClick={() =>
            login.mutate(
              { identifier: ' asha@example.com ', password: 'long-password' },
              {
                onSuccess: (result) =>
                  result.challenge ? setChallenge(result.challenge) : void router.navigate({ to: '/' }),
                onError: (e) => setError(e.message),
              },
            )
          }
        >
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </>
    );
  }

  function Home() {
    const user = auth.useUser();
    const logout = auth.useLogout();
    const register = auth.useRegister();
    const { data: count } = useQuery({
      queryKey: apiKey('/users/notifications'),
      // What the account sees; a visitor's read answers otherwise.
      queryFn: () => (tokens.isSignedIn() ? 'three unread' : 'nothing for visitors'),
    });
    return (
      <>
        <p>Signed in as {user?.fullName}</p>
        <p>{count}</p>
        <button type="button" onClick={() => logout.mutate({ to: '/login' })}>
          Log out
        </button>
        <p>{register.isPending ? 'Creating account…' : 'Create account idle'}</p>
      </>
    );
  }

  function TwoFactor() {
    const enable = twoFactor.useEnableTwoFactor();
    const { data } = useQuery(twoFactor.twoFactorQueries.status());
    return (
      <>
        <p>{data?.enabled ? 'Two-factor on' : 'Two-factor off'}</p>
        <button type="button" onClick={() => enable.mutate('123456')}>
          Turn on
        </button>
      </>
    );
  }

  const root = createRootRoute({
    beforeLoad: async () => ({ user: await auth.ensureUser(queryClient) }),
    component: Outlet,
  });
  const guarded = createRoute({
    getParentRoute: () => root,
    id: 'guarded',
    beforeLoad: ({ context, location }) => {
      if (!context.user) throw redirect({ to: '/login', search: { redirect: location.href } });
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([
      guarded.addChildren([
        createRoute({ getParentRoute: () => guarded, path: '/', component: Home }),
        createRoute({ getParentRoute: () => guarded, path: '/security', component: TwoFactor }),
      ]),
      createRoute({ getParentRoute: () => root, path: '/login', component: SignIn }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const onSessionEnded = auth.attach(queryClient, router);
  client = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    tokens,
    fetch: fake.fetch,
    onAuthFailure: onSessionEnded,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, tokens };
}

const storeSession = () => {
  window.localStorage.setItem('accessToken', 'access-0');
  window.localStorage.setItem('refreshToken', 'refresh-0');
};
const callsTo = (path: string) => fake.calls.filter((call) => call.path === path);

describe('the signed-in user as a query', () => {
  it('sends a visitor to sign in once, without asking the server who they are', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/' });
    expect(callsTo('/users/current-user')).toHaveLength(0);
  });

  it('loads a stored session’s user once, before the guarded page decides', async () => {
    storeSession();
    fake.on('GET', '/users/current-user', () => ok(asha));
    const { router } = renderApp('/');
    expect(await screen.findByText('Signed in as Asha Rao')).toBeInTheDocument();
    await router.navigate({ to: '/security' });
    await router.navigate({ to: '/' });
    expect(await screen.findByText('Signed in as Asha Rao')).toBeInTheDocument();
    expect(callsTo('/users/current-user')).toHaveLength(1);
    expect(callsTo('/users/current-user')[0]?.auth).toBe('Bearer access-0');
  });

  it('ends the session of a suspended account: tokens gone, sent to sign in', async () => {
    storeSession();
    fake.on('GET', '/users/current-user', () => fail(403, 'Your account has been suspended'));
    const { tokens } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(tokens.isSignedIn()).toBe(false);
  });

  it('opens offline with the user kept on the device, and forgets it on logout', async () => {
    storeSession();
    createLocalStorageUserCache().write(aUser({ fullName: 'Kept User' }));
    fake.on('GET', '/users/current-user', () => {
      throw new TypeError('Failed to fetch');
    });
    fake.on('POST', '/users/logout', () => fail(500, 'boom'));
    const { router } = renderApp('/', { offline: true });
    expect(await screen.findByText('Signed in as Kept User')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });
});

describe('sign-in as mutations', () => {
  it('signs in with the password alone: the identifier as email, the user known at once', async () => {
    fake.on('POST', '/users/login', () => ok(session(asha)));
    const { tokens } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as Asha Rao')).toBeInTheDocument();
    expect(callsTo('/users/login')[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'long-password',
    });
    expect(tokens.isSignedIn()).toBe(true);
    // The sign-in answered the user: nobody asked again.
    expect(callsTo('/users/current-user')).toHaveLength(0);
  });

  it('signs in with the second factor: the challenge first, then the code', async () => {
    fake.on('POST', '/users/login', () =>
      ok({ twoFactorRequired: true, challenge: 'signed-challenge-1', expiresAt: '2026-11-29T07:00:00.000Z' }),
    );
    fake.on('POST', '/users/login/two-factor', () => ok(session(asha)));
    const { tokens } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(tokens.isSignedIn()).toBe(true);
    expect(await screen.findByText('Signed in as Asha Rao')).toBeInTheDocument();
    expect(callsTo('/users/login/two-factor')[0]?.body).toEqual({
      challenge: 'signed-challenge-1',
      code: '123456',
    });
  });

  it('keeps each flow’s pending state its own', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    fake.on('POST', '/users/login', () => new Promise((resolve) => (answer = resolve)));
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    answer(ok(session(asha)));
    // Home's own flows are idle although a sign-in was pending a moment ago.
    expect(await screen.findByText('Create account idle')).toBeInTheDocument();
  });

  it('logs out, clears every cached answer, then goes to sign in, even when the call fails', async () => {
    storeSession();
    fake.on('GET', '/users/current-user', () => ok(asha));
    fake.on('POST', '/users/logout', () => fail(500, 'boom'));
    const { router, queryClient, tokens } = renderApp('/');
    expect(await screen.findByText('three unread')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(tokens.isSignedIn()).toBe(false);
    expect(queryClient.getQueryData(apiKey('/users/notifications'))).not.toBe('three unread');
    expect(queryClient.getQueryData(apiKey('/users/current-user'))).toBeNull();
  });

  it('ends the session when a refresh fails: the cache is cleared and the guard sends the user away', async () => {
    storeSession();
    fake.on('GET', '/users/current-user', () => ok(asha));
    fake.on('GET', '/users/two-factor', () => fail(401, 'Token expired'));
    fake.on('POST', '/users/refresh-token', () => fail(401, 'Invalid refresh token'));
    const { router, queryClient } = renderApp('/');
    expect(await screen.findByText('three unread')).toBeInTheDocument();
    await router.navigate({ to: '/security' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/security' });
    expect(queryClient.getQueryData(apiKey('/users/notifications'))).toBeUndefined();
  });
});

describe('two-factor sign-in', () => {
  it('reads the status again when it was turned on elsewhere meanwhile (409)', async () => {
    storeSession();
    let enabled = false;
    fake.on('GET', '/users/current-user', () => ok(asha));
    fake.on('GET', '/users/two-factor', () =>
      ok({
        enabled,
        required: false,
        enabledAt: enabled ? '2026-11-01T09:00:00.000Z' : null,
        recoveryCodesLeft: 10,
      }),
    );
    fake.on('POST', '/users/two-factor/enable', () => {
      enabled = true;
      return fail(409, 'Two-factor sign-in is already on');
    });
    renderApp('/security');
    expect(await screen.findByText('Two-factor off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor on')).toBeInTheDocument();
  });

  it('keeps the user’s security flag in step when it is turned on', async () => {
    storeSession();
    fake.on('GET', '/users/current-user', () => ok(asha));
    let enabled = false;
    fake.on('GET', '/users/two-factor', () =>
      ok({
        enabled,
        required: false,
        enabledAt: enabled ? '2026-11-01T09:00:00.000Z' : null,
        recoveryCodesLeft: 10,
      }),
    );
    fake.on('POST', '/users/two-factor/enable', () => {
      enabled = true;
      return ok({ recoveryCodes: Array(10).fill('K7MQB-XR4TP') });
    });
    const { queryClient } = renderApp('/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor on')).toBeInTheDocument();
    const user = queryClient.getQueryData<User>(apiKey('/users/current-user'));
    expect(user?.settings.security.twoFactorAuth).toBe(true);
  });
});
