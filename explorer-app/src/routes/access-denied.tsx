import { createFileRoute } from '@tanstack/react-router';
import { AccessDeniedPage } from '../features/status-pages/access-denied-page.tsx';
import { internalPath } from '../lib/internal-path.ts';

export const Route = createFileRoute('/access-denied')({
  // The screen the visitor asked for: signing up or in from here goes back to it. Returned even when unusable,
  // because the router keeps search keys a validator leaves out.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: internalPath(search.redirect),
  }),
  component: AccessDeniedPage,
});
