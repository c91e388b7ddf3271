import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { useAuthStore } from '../../lib/auth-store.ts';

/** Super-admin-only screens send admins to /access-denied. */
export const Route = createFileRoute('/_admin/_super')({
  beforeLoad: ({ context }) => {
    const { userData } = context.auth.getState();
    if (userData && userData.role !== 'super_admin') throw redirect({ to: '/access-denied' });
  },
  component: SuperAdminGuard,
});

function SuperAdminGuard() {
  const role = useAuthStore((state) => state.userData?.role);
  if (role !== 'super_admin') return <Navigate to="/access-denied" />;
  return <Outlet />;
}
