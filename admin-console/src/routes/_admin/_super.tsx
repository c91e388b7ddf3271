import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../lib/admin-access.ts';

/** Super-admin-only screens: an admin is sent to /access-denied. */
export const Route = createFileRoute('/_admin/_super')({
  beforeLoad: ({ context, location }) => {
    guardRoute(context.user, 'super_admin', location.href);
  },
});
