import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';
import { ApiCostCard } from '../../../features/insights/api-cost-card.tsx';

// The route composes the two features: the cost monitor belongs to insights, the page to the dashboard.
export const Route = createFileRoute('/_admin/admin/dashboard')({
  component: () => <DashboardPage costMonitor={<ApiCostCard />} />,
});
