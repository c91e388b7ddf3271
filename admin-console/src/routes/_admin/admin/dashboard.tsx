import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueries } from '../../../features/dashboard/dashboard-api.ts';
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';
import { ApiCostCard } from '../../../features/insights/api-cost-card.tsx';

// The route composes the two features: the cost monitor belongs to insights, the page to the dashboard.
export const Route = createFileRoute('/_admin/admin/dashboard')({
  // Prefetched, not ensured: each panel shows its own failure with Try Again while the others still show.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(dashboardQueries.counters()),
      queryClient.prefetchQuery(dashboardQueries.pending()),
      queryClient.prefetchQuery(dashboardQueries.recentActivity()),
    ]),
  component: () => <DashboardPage costMonitor={<ApiCostCard />} />,
});
