import { FullPageLoader } from '@cityquest/shared-ui';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './features/layout/route-error.tsx';
import { useAuthStore } from './lib/auth-store.ts';
import { routeTree } from './routeTree.gen.ts';

/** Guards read the session (beforeLoad on pathless layouts); loaders fill the query cache before a screen renders. */
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
    // Unknown paths show the Page Not Found screen outside the admin frame.
    notFoundMode: 'root',
    scrollRestoration: true,
    ...rest,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
