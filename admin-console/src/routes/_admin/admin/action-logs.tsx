import { createFileRoute } from '@tanstack/react-router';
import { ActionLogsPage } from '../../../features/action-logs/action-logs-page.tsx';

export const Route = createFileRoute('/_admin/admin/action-logs')({ component: ActionLogsPage });
