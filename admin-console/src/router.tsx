import { createRouter } from '@tanstack/react-router';
import { useAuthStore } from './lib/auth-store.ts';
import { routeTree } from './routeTree.gen.ts';

export type RouterContext = { auth: typeof useAuthStore };

export function createAppRouter() {
  return createRouter({ routeTree, context: { auth: useAuthStore }, defaultPreload: 'intent' });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
