import { createFileRoute } from '@tanstack/react-router';
import { ApiCostWidget } from '../features/insights/api-cost-widget.tsx';
import { AdminShell } from '../features/layout/admin-shell.tsx';
import { LiveUpdates } from '../features/live-updates/live-updates.tsx';
import { guardRoute, guardTwoFactor } from '../lib/admin-access.ts';

/**
 * Every admin screen (admin or super_admin) sits under this pathless layout, and this is its one guard
 * (docs/product-rules/routes.md#admin-guard): it runs when a route loads and again when the session ends.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context, location }) => {
    const user = guardRoute(context.user, 'admin', location.href);
    await guardTwoFactor(context.queryClient, location.href);
    return { user };
  },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <>
      {/* On every admin page: docs/product-rules/admin-screens.md#api-cost-widget */}
      <AdminShell status={<ApiCostWidget />} />
      <LiveUpdates />
    </>
  );
}
