import { createFileRoute } from '@tanstack/react-router';
import { ChatWithUsPage } from '../../features/support/chat-with-us-page.tsx';
import { supportQueries } from '../../features/support/support-api.ts';

export const Route = createFileRoute('/_authenticated/chat-support')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(supportQueries.conversation()),
  component: ChatWithUsPage,
});
