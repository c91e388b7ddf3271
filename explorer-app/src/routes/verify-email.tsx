import { PROFILE_LIMITS } from '@cityquest/contract';
import { textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { internalPath } from '../lib/internal-path.ts';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { email?: string; redirect?: string } => {
    const email = textParam(search.email, PROFILE_LIMITS.email);
    // Returned even when unusable: the router keeps search keys a validator leaves out.
    return { ...(email ? { email } : {}), redirect: internalPath(search.redirect) };
  },
  component: VerifyEmailPage,
});
