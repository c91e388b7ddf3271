import { createFileRoute } from '@tanstack/react-router';
import { ReportBugPage } from '../features/support/report-bug-page.tsx';

export const Route = createFileRoute('/report-bug')({ component: ReportBugPage });
