import { createFileRoute } from '@tanstack/react-router';
import { UpcomingScreen } from '../../../../features/dashboard/upcoming-screen.tsx';

export const Route = createFileRoute('/_admin/_super/admin/super-dashboard')({
  component: () => <UpcomingScreen titleKey="screens.superDashboard" />,
});
