import { isAdminRole } from '@cityquest/openapi';
import { FullPageLoader } from '@cityquest/shared-ui';
import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AdminShell } from '../features/layout/admin-shell.tsx';
import { useAuthStore } from '../lib/auth-store.ts';

/**
 * admin-and-moderation.md section 2: a visitor goes to /login, a signed-in non-admin to /access-denied, and
 * 'Loading...' shows while the user loads. The server checks every call again.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: ({ context, location }) => {
    const { isAuthenticated, userData } = context.auth.getState();
    if (!isAuthenticated) throw redirect({ to: '/login', search: { redirect: location.pathname } });
    if (userData && !isAdminRole(userData.role)) throw redirect({ to: '/access-denied' });
  },
  component: AdminGuard,
});

function AdminGuard() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const user = useAuthStore((state) => state.userData);
  if (!isAuthenticated) return <Navigate to="/login" />;
  if (!user) return <FullPageLoader label={t('common.loading')} />;
  if (!isAdminRole(user.role)) return <Navigate to="/access-denied" />;
  return <AdminShell />;
}
