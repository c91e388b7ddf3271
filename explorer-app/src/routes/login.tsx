import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { internalPath } from '../lib/internal-path.ts';

export const Route = createFileRoute('/login')({
  // Returned even when unusable: the router keeps search keys a validator leaves out, so a hostile one would stay.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: internalPath(search.redirect),
  }),
  component: LoginPage,
});
