import { createFileRoute, redirect } from '@tanstack/react-router';

/** /quest, the back-target of error states, is the personal quest dashboard (docs/product-rules/routes.md#placeholder-pages). */
export const Route = createFileRoute('/quest')({
  beforeLoad: () => {
    throw redirect({ to: '/my-quest' });
  },
});
