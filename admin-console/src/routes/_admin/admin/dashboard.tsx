import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueries } from '../../../features/dashboard/dashboard-api.ts';
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';
import { ApiCostCard } from '../../../features/insights/api-cost-card.tsx';

// The route composes the two features: the cost monitor belongs to insights, the page to the dashboard.
export const Route = createFileRoute('/_admin/admin/dashboard')({
  // Started, not awaited: each panel shows its own loader, and its own failure with Try Again while the others
  // still show; hovering a link to the dashboard starts every panel all the same.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(dashboardQueries.counters());
    void queryClient.prefetchQuery(dashboardQueries.pending());
    void queryClient.prefetchQuery(dashboardQueries.recentActivity());
  },
  component: () => <DashboardPage costMonitor={<ApiCostCard />} />,
});
