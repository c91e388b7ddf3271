import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { useAuthStore } from './lib/auth-store.ts';
import { routeTree } from './routeTree.gen.ts';

export type RouterContext = { auth: typeof useAuthStore };

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { auth: useAuthStore },
    defaultPreload: 'intent',
    scrollRestoration: false,
    ...options,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
