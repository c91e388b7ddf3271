import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../features/auth/change-password-page.tsx';

export const Route = createFileRoute('/_authenticated/change-password')({ component: ChangePasswordPage });
