import { oneOf, pageParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_CONVERSATION_STATUS, supportQueries } from '../../../features/support/support-api.ts';
import { SupportPage } from '../../../features/support/support-page.tsx';

/** The inbox's state in the address; defaults (page 1, open conversations) are left out. */
export type SupportSearch = { page?: number; status?: 'closed' | 'all' };

export const Route = createFileRoute('/_admin/admin/support')({
  validateSearch: (search: Record<string, unknown>): SupportSearch => ({
    page: pageParam(search.page),
    status: oneOf(['closed', 'all'] as const, search.status),
  }),
  loaderDeps: ({ search: { page = 1, status = DEFAULT_CONVERSATION_STATUS } }) => ({ page, status }),
  // Started, not awaited: the screen keeps its filter and the page it shows while another page loads, and
  // shows a failure under the status filter.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(supportQueries.list(deps));
  },
  component: SupportPage,
});
