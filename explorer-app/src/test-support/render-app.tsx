import { createAppQueryClient } from '@cityquest/web-client';
import { fakeApi } from '@cityquest/web-client/testing/fake-api';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app.tsx';
import { initApi } from '../lib/api.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { initI18n } from '../lib/i18n.ts';
import { createAppRouter } from '../router.tsx';

export { fail, ok } from '@cityquest/web-client/testing/fake-api';

export function setupApi() {
  const api = fakeApi();
  initApi({ baseUrl: 'http://api.test/api/v1', fetch: api.fetch });
  initI18n();
  useAuthStore.getState().clearSession();
  return api;
}

/** The whole app (real routes, guards and layout) at a path, in memory. */
export function renderApp(path: string) {
  const router = createAppRouter({
    queryClient: createAppQueryClient({ retry: false }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<App router={router} />);
  return { ...view, router };
}

/** Where a link goes: its path and its `redirect` (the way back after signing in). */
export function linkTarget(link: HTMLElement) {
  const url = new URL(link.getAttribute('href') ?? '', 'http://app.test');
  return { path: url.pathname, redirect: url.searchParams.get('redirect') };
}
