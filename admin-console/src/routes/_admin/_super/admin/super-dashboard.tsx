import { createFileRoute } from '@tanstack/react-router';
import { SuperDashboardPage } from '../../../../features/dashboard/super-dashboard-page.tsx';

export const Route = createFileRoute('/_admin/_super/admin/super-dashboard')({
  component: SuperDashboardPage,
});
