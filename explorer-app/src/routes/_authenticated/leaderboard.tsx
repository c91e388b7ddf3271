import { SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, textParam } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import {
  type BoardChoice,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  leaderboardQueries,
} from '../../features/leaderboard/leaderboard-api.ts';
import { LeaderboardError, LeaderboardPage } from '../../features/leaderboard/leaderboard-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

/** The board a URL without one shows (this week, everyone), kept out of the URL. */
const DEFAULT_BOARD = { period: 'week', scope: 'overall' } as const satisfies Partial<BoardChoice>;

export const Route = createFileRoute('/_authenticated/leaderboard')({
  // `city` counts on the city board only. Every key is returned, as undefined when unset, because the router keeps
  // search keys a validator leaves out.
  validateSearch: (search: Partial<BoardChoice> & SearchSchemaInput): BoardChoice => {
    const scope = oneOf(LEADERBOARD_SCOPES, search.scope) ?? DEFAULT_BOARD.scope;
    return {
      period: oneOf(LEADERBOARD_PERIODS, search.period) ?? DEFAULT_BOARD.period,
      scope,
      city: scope === 'city' ? textParam(search.city, SEARCH_LIMITS.city) : undefined,
    };
  },
  search: { middlewares: [stripSearchParams(DEFAULT_BOARD)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps, cause }) => {
    const board = leaderboardQueries.board(deps);
    // Another board chosen on the screen: the previous one stays up, dimmed, until this one arrives.
    if (cause === 'stay') {
      void queryClient.prefetchQuery(board);
      return undefined;
    }
    return Promise.all([loadNamespaces('leaderboard'), queryClient.ensureQueryData(board)]);
  },
  component: LeaderboardRoute,
  errorComponent: LeaderboardError,
});

function LeaderboardRoute() {
  const navigate = Route.useNavigate();
  return (
    <LeaderboardPage
      choice={Route.useSearch()}
      onChoose={(choice) => void navigate({ search: choice, resetScroll: false })}
    />
  );
}
