import { createFileRoute, redirect } from '@tanstack/react-router';
import { needsEnrolment } from '../api/two-factor-api.ts';
import { TwoFactorSetupPage } from '../features/auth/two-factor-setup-page.tsx';
import { guardRoute, readTwoFactorStatus, safeRedirect } from '../lib/admin-access.ts';

type SetupSearch = { redirect?: string };

/**
 * Outside the admin frame: its links would all be refused until two-factor sign-in is on
 * (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export const Route = createFileRoute('/two-factor-setup')({
  validateSearch: (search: Record<string, unknown>): SetupSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, location, search }) => {
    guardRoute(context.user, 'admin', location.href);
    const status = await readTwoFactorStatus(context.queryClient);
    // Nothing to enrol: on already, or not asked of this account.
    if (status && !needsEnrolment(status)) {
      throw redirect({ href: safeRedirect(search.redirect) ?? '/admin/dashboard' });
    }
  },
  component: TwoFactorSetupPage,
});
