import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '../../features/info/help-center-page.tsx';

export const Route = createFileRoute('/_authenticated/help')({ component: HelpCenterPage });
