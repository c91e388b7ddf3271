import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/layout/not-found-page.tsx';
import { ensureUser } from '../lib/auth-api.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The signed-in user, once, before any screen: the guards read it from the context (one guard per route).
  beforeLoad: async ({ context }) => ({ user: await ensureUser(context.queryClient) }),
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
