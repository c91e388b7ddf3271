import { createFileRoute } from '@tanstack/react-router';
import { AccessDeniedPage } from '../features/auth/access-denied-page.tsx';

export const Route = createFileRoute('/access-denied')({ component: AccessDeniedPage });
