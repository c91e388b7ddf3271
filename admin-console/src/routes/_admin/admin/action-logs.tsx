import { createFileRoute } from '@tanstack/react-router';
import { UpcomingScreen } from '../../../features/layout/upcoming-screen.tsx';

export const Route = createFileRoute('/_admin/admin/action-logs')({
  component: () => <UpcomingScreen screen="actionLogs" />,
});
