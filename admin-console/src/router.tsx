import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { useAuthStore } from './lib/auth-store.ts';
import { routeTree } from './routeTree.gen.ts';

/** Guards read the session through the router context (beforeLoad on pathless layouts). */
export type RouterContext = { auth: typeof useAuthStore };

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { auth: useAuthStore },
    defaultPreload: 'intent',
    // Unknown paths show the Page Not Found screen outside the admin frame.
    notFoundMode: 'root',
    scrollRestoration: true,
    ...options,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
