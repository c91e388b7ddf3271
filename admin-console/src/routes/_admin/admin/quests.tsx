import { createFileRoute } from '@tanstack/react-router';
import { UpcomingScreen } from '../../../features/layout/upcoming-screen.tsx';

export const Route = createFileRoute('/_admin/admin/quests')({
  component: () => <UpcomingScreen screen="quests" />,
});
