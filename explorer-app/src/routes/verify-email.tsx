import { PROFILE_LIMITS } from '@cityquest/openapi';
import { textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { email?: string } => {
    const email = textParam(search.email, PROFILE_LIMITS.email);
    return email ? { email } : {};
  },
  component: VerifyEmailPage,
});
