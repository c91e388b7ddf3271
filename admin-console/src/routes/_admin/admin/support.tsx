import { oneOf, pageParam } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import {
  CONVERSATION_STATUS_FILTERS,
  type ConversationStatusFilter,
  DEFAULT_CONVERSATION_STATUS,
  supportQueries,
} from '../../../features/support/support-api.ts';
import { SupportPage } from '../../../features/support/support-page.tsx';

/** The inbox's state in the address; defaults (page 1, open conversations) are left out. */
type SupportSearch = { page: number; status: ConversationStatusFilter };
const DEFAULT_SEARCH = { page: 1, status: DEFAULT_CONVERSATION_STATUS } satisfies SupportSearch;

export const Route = createFileRoute('/_admin/admin/support')({
  validateSearch: (search: Partial<SupportSearch> & SearchSchemaInput): SupportSearch => ({
    page: pageParam(search.page) ?? DEFAULT_SEARCH.page,
    status: oneOf(CONVERSATION_STATUS_FILTERS, search.status) ?? DEFAULT_SEARCH.status,
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SEARCH)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen keeps its filter and the page it shows while another page loads, and
  // shows a failure under the status filter.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(supportQueries.list(deps));
  },
  component: SupportPage,
});
