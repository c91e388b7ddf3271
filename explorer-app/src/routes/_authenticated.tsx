import { FullPageLoader } from '@cityquest/shared-ui';
import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../lib/auth-store.ts';

/** Every login-required screen sits under this pathless layout: visitors go to /access-denied. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.getState().isAuthenticated)
      throw redirect({ to: '/access-denied', search: { redirect: location.href } });
    // A session that ends on a guarded page later goes to Access Denied unless its ending says otherwise.
    if (context.auth.getState().signedOutTo !== '/access-denied')
      context.auth.setState({ signedOutTo: '/access-denied' });
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const user = useAuthStore((state) => state.userData);
  const signedOutTo = useAuthStore((state) => state.signedOutTo);
  if (!isAuthenticated) return <Navigate to={signedOutTo} />;
  if (!user) return <FullPageLoader label={t('common.loading')} />;
  return <Outlet />;
}
