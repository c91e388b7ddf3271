import { pageParam } from '@cityquest/shared-ui';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  ensureListPages,
  listPages,
  type MyQuestSearch,
  myQuestQueries,
} from '../../features/my-quest/my-quest-api.ts';
import { MyQuestError, MyQuestLoading, MyQuestPage } from '../../features/my-quest/my-quest-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';

/** Each list shows its first page (the dashboard's quests) unless the URL says more. */
const DEFAULT_SHOWN = { completed: 1, created: 1 } satisfies MyQuestSearch;

export const Route = createFileRoute('/_authenticated/my-quest')({
  // How far the Completed and My Created lists go, so a refresh or Back from a quest shows as many again.
  validateSearch: (search: Record<string, unknown>): MyQuestSearch => ({
    completed: pageParam(search.completed) ?? DEFAULT_SHOWN.completed,
    created: pageParam(search.created) ?? DEFAULT_SHOWN.created,
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SHOWN)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps, cause }) =>
    Promise.all([
      loadNamespaces('quests', 'create'),
      queryClient.ensureQueryData(questQueries.dashboard()),
      queryClient.ensureQueryData(questQueries.myProfile()),
      // Show more on the screen fetches its page itself; entering the page fetches what the URL asks for.
      ...(cause === 'stay'
        ? []
        : [
            ensureListPages(queryClient, myQuestQueries.completed(), listPages(deps.completed)),
            ensureListPages(queryClient, myQuestQueries.created(), listPages(deps.created)),
          ]),
    ]),
  pendingComponent: MyQuestLoading,
  errorComponent: MyQuestError,
  component: MyQuestRoute,
});

function MyQuestRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MyQuestPage
      search={search}
      onSearchChange={(change) =>
        // Replaced, not pushed: Back leaves My Quest rather than taking back each Show more.
        void navigate({
          search: (previous) => ({ ...previous, ...change }),
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}
