import type { Role, Schema, User } from '@cityquest/contract';
import { aUser } from '@cityquest/contract/testing/users';
import { createAppQueryClient, meKey } from '@cityquest/web-client';
import { fail, fakeApi, ok } from '@cityquest/web-client/testing/fake-api';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app.tsx';
import { initApi, tokenStore } from '../lib/api.ts';
import { initI18n } from '../lib/i18n.ts';
import { createAppRouter } from '../router.tsx';

export { fail, ok } from '@cityquest/web-client/testing/fake-api';

/** GET /users/two-factor's answer: on, as the server requires of admins by default (test data). */
export function aTwoFactorStatus(
  overrides: Partial<Schema<'TwoFactorStatus'>> = {},
): Schema<'TwoFactorStatus'> {
  return {
    enabled: true,
    required: true,
    enabledAt: '2026-11-01T09:00:00.000Z',
    recoveryCodesLeft: 10,
    ...overrides,
  };
}

/**
 * The real createApiClient over a fetch stub, and a signed-out store. The admin screens' guard reads the
 * two-factor status first: it answers "on" unless a test says otherwise.
 */
export function setupApi() {
  const api = fakeApi();
  api.on('GET', '/users/two-factor', () => ok(aTwoFactorStatus()));
  initApi({ baseUrl: 'http://api.test/api/v1', fetch: api.fetch });
  initI18n();
  tokenStore.clear();
  signedInUser = null;
  lastQueryClient = null;
  // The user `signInAs` left signed in (a test may answer otherwise).
  api.on('GET', '/users/current-user', () =>
    signedInUser ? ok(signedInUser) : fail(401, 'Access token required'),
  );
  return api;
}

let signedInUser: User | null = null;
let lastQueryClient: QueryClient | null = null;

/** A session stored by an earlier sign-in: the console loads its user when it starts. */
export function signInAs(role: Role, overrides: Parameters<typeof aUser>[0] = {}) {
  const user = aUser({ role, fullName: `Test ${role}`, username: `test-${role}`, ...overrides });
  signedInUser = user;
  tokenStore.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return user;
}

/** Whether the console holds a session (both tokens stored). */
export const isSignedIn = () => tokenStore.isSignedIn();

/** The signed-in user as the console's cache has it now. */
export const currentUser = (): User | null => lastQueryClient?.getQueryData<User | null>(meKey) ?? null;

/** The whole console (real routes, guards, theme) at a path, in memory. */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient({ retry: false });
  lastQueryClient = queryClient;
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { ...render(<App router={router} />), router };
}
