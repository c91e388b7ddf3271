import { PROFILE_LIMITS } from '@cityquest/contract';
import { textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { email?: string } => {
    const email = textParam(search.email, PROFILE_LIMITS.email);
    return email ? { email } : {};
  },
  component: ResetPasswordPage,
});
