import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../../features/insights/reports-page.tsx';

export const Route = createFileRoute('/_admin/admin/reports')({ component: ReportsPage });
