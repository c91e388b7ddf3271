import { createFileRoute, redirect } from '@tanstack/react-router';

/** /quest is the documents' back-target of error states; it is the personal quest dashboard. */
export const Route = createFileRoute('/quest')({
  beforeLoad: () => {
    throw redirect({ to: '/my-quest' });
  },
});
