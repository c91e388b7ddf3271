import { FullPageLoader } from '@cityquest/shared-ui';
import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../lib/auth-store.ts';

/** Every login-required screen sits under this pathless layout: visitors go to /access-denied. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context }) => {
    if (!context.auth.getState().isAuthenticated) throw redirect({ to: '/access-denied' });
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const user = useAuthStore((state) => state.userData);
  if (!isAuthenticated) return <Navigate to="/access-denied" />;
  if (!user) return <FullPageLoader label={t('common.loading')} />;
  return <Outlet />;
}
