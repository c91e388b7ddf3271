import { createFileRoute } from '@tanstack/react-router';
import { RequireAccess } from '../features/auth/require-access.tsx';
import { ApiCostWidget } from '../features/insights/api-cost-widget.tsx';
import { AdminShell } from '../features/layout/admin-shell.tsx';
import { LiveUpdates } from '../features/live-updates/live-updates.tsx';
import { guardRoute, guardTwoFactor } from '../lib/admin-access.ts';

/** Every admin screen (admin or super_admin) sits under this pathless layout. */
export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context, location }) => {
    guardRoute(context.auth.getState(), 'admin', location.href);
    await guardTwoFactor(context.queryClient, location.href);
  },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <RequireAccess required="admin">
      {/* On every admin page: docs/product-rules/admin-screens.md#api-cost-widget */}
      <AdminShell status={<ApiCostWidget />} />
      <LiveUpdates />
    </RequireAccess>
  );
}
