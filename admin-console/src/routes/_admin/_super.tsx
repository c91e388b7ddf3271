import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RequireAccess } from '../../features/auth/require-access.tsx';
import { guardRoute } from '../../lib/admin-access.ts';

/** Super-admin-only screens: an admin is sent to /access-denied. */
export const Route = createFileRoute('/_admin/_super')({
  beforeLoad: ({ context, location }) => guardRoute(context.auth.getState(), 'super_admin', location.href),
  component: SuperAdminLayout,
});

function SuperAdminLayout() {
  return (
    <RequireAccess required="super_admin">
      <Outlet />
    </RequireAccess>
  );
}
