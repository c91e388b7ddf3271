import { FullPageLoader } from '@cityquest/shared-ui';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './features/status-pages/route-error.tsx';
import { useAuthStore } from './lib/auth-store.ts';
import { routeTree } from './routeTree.gen.ts';

/** Loaders fill the query cache (`ensureQueryData`) before a screen renders; guards read the session. */
export type RouterContext = { auth: typeof useAuthStore; queryClient: QueryClient };

export function createAppRouter(options: { queryClient: QueryClient; history?: RouterHistory }) {
  const { queryClient, ...rest } = options;
  return createRouter({
    routeTree,
    context: { auth: useAuthStore, queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness, so the router calls loaders on every preload and navigation.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageLoader,
    defaultErrorComponent: RouteError,
    scrollRestoration: false,
    ...rest,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
