import { createFileRoute } from '@tanstack/react-router';
import { UpcomingScreen } from '../../../features/dashboard/upcoming-screen.tsx';

export const Route = createFileRoute('/_admin/admin/action-logs')({
  component: () => <UpcomingScreen titleKey="screens.actionLogs" />,
});
