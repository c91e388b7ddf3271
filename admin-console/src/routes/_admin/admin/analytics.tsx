import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../features/insights/analytics-page.tsx';

export const Route = createFileRoute('/_admin/admin/analytics')({ component: AnalyticsPage });
