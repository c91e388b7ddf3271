import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * Every login-required screen sits under this pathless layout, its one guard: visitors go to /access-denied
 * (docs/product-rules/routes.md#signed-in-screens). The root has ensured the user already, so screens below
 * find it in the context and in the cache.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!context.user) throw redirect({ to: '/access-denied', search: { redirect: location.href } });
    return { user: context.user };
  },
});
