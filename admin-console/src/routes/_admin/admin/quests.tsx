import { SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, pageParam, textParam } from '@cityquest/shared-ui';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  adminQuestsQueries,
  CATEGORY_CHOICES,
  type QuestListSearch,
  STATUS_CHOICES,
} from '../../../features/quests/quests-api.ts';
import { QuestsPage } from '../../../features/quests/quests-page.tsx';

/** Page 1, kept out of the address. */
const FIRST_PAGE = { page: 1 } satisfies QuestListSearch;

export const Route = createFileRoute('/_admin/admin/quests')({
  // Every key is named, undefined when absent or unusable: the router keeps search keys a validator omits.
  validateSearch: (search: Record<string, unknown>): QuestListSearch => ({
    page: pageParam(search.page) ?? FIRST_PAGE.page,
    search: textParam(search.search, SEARCH_LIMITS.text),
    status: oneOf(STATUS_CHOICES, search.status),
    category: oneOf(CATEGORY_CHOICES, search.category),
  }),
  search: { middlewares: [stripSearchParams(FIRST_PAGE)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen keeps its filters and the page it shows while another page loads, and
  // shows a failure beside the filters; hovering a link to the screen starts the list all the same.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminQuestsQueries.list(deps));
  },
  component: QuestsRoute,
});

function QuestsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <QuestsPage
      search={search}
      onSearchChange={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }) })}
    />
  );
}
