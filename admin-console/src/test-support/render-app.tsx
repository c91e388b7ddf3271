import type { Role, Schema } from '@cityquest/contract';
import { aUser } from '@cityquest/contract/testing/users';
import { createAppQueryClient } from '@cityquest/web-client';
import { fakeApi, ok } from '@cityquest/web-client/testing/fake-api';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app.tsx';
import { initApi } from '../lib/api.ts';
import { useAuthStore } from '../lib/auth-store.ts';
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
  useAuthStore.getState().clearSession();
  useAuthStore.getState().clearError();
  return api;
}

/** A signed-in session as the login call would leave it. */
export function signInAs(role: Role, overrides: Parameters<typeof aUser>[0] = {}) {
  const user = aUser({ role, fullName: `Test ${role}`, username: `test-${role}`, ...overrides });
  useAuthStore.getState().setSession({ user, accessToken: 'access-1', refreshToken: 'refresh-1' });
  return user;
}

/** The whole console (real routes, guards, theme) at a path, in memory. */
export function renderApp(path: string) {
  const router = createAppRouter({
    queryClient: createAppQueryClient({ retry: false }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { ...render(<App router={router} />), router };
}
