import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/auth/signup-page.tsx';
import { internalPath } from '../lib/internal-path.ts';

export const Route = createFileRoute('/signup')({
  // Returned even when unusable: the router keeps search keys a validator leaves out, so a hostile one would stay.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: internalPath(search.redirect),
  }),
  component: SignupPage,
});
