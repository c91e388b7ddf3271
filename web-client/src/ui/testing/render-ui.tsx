import { accessibleColors, cityQuestTheme, ModalsHost } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';

/** The strings the shared screens read from each app's default namespace, as both apps spell them. */
export const TEST_STRINGS = {
  common: { loadFailed: 'Something went wrong', tryAgain: 'Try Again', cancel: 'Cancel' },
};

/** A fresh English i18next instance holding the given strings in the default namespace. */
export function testI18n(strings: object = TEST_STRINGS) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: strings } },
    lng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/**
 * Renders a shared piece the way the apps do: Mantine theme and modals, a query client, English strings and a
 * router in memory whose page at `path` (default `/`) is `ui`; `search` validates that page's search.
 */
export function renderUi(
  ui: ReactNode,
  options: {
    path?: string;
    strings?: object;
    validateSearch?: (search: Record<string, unknown>) => object;
  } = {},
) {
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => ui,
    ...(options.validateSearch ? { validateSearch: options.validateSearch } : {}),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider theme={cityQuestTheme} cssVariablesResolver={accessibleColors} env="test">
      <I18nextProvider i18n={testI18n(options.strings)}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <ModalsHost />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
