import { createFileRoute } from '@tanstack/react-router';
import { UpcomingScreen } from '../../../../features/layout/upcoming-screen.tsx';

export const Route = createFileRoute('/_admin/_super/admin/super-dashboard')({
  component: () => <UpcomingScreen screen="superDashboard" />,
});
