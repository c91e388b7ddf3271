import { SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import {
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  type LeaderboardPeriod,
  type LeaderboardScope,
  leaderboardQueries,
} from '../../features/leaderboard/leaderboard-api.ts';
import { LeaderboardError, LeaderboardPage } from '../../features/leaderboard/leaderboard-page.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

/** The board in the URL: a default (this week, everyone) stays out of it; `city` only on the city board. */
type LeaderboardSearch = {
  period?: Exclude<LeaderboardPeriod, 'week'>;
  scope?: Exclude<LeaderboardScope, 'overall'>;
  city?: string;
};

export const Route = createFileRoute('/_authenticated/leaderboard')({
  // Every key is returned, as undefined when unset, because the router keeps search keys a validator leaves out.
  validateSearch: (search: Record<string, unknown>): LeaderboardSearch => {
    const period = oneOf(LEADERBOARD_PERIODS, search.period);
    const scope = oneOf(LEADERBOARD_SCOPES, search.scope);
    return {
      period: period === 'week' ? undefined : period,
      scope: scope === 'overall' ? undefined : scope,
      city: scope === 'city' ? textParam(search.city, SEARCH_LIMITS.city) : undefined,
    };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps, cause }) => {
    const board = leaderboardQueries.board({
      period: deps.period ?? 'week',
      scope: deps.scope ?? 'overall',
      city: deps.city,
    });
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
  const { period = 'week', scope = 'overall', city } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LeaderboardPage
      choice={{ period, scope, city }}
      onChoose={(next) =>
        void navigate({
          search: {
            period: next.period === 'week' ? undefined : next.period,
            scope: next.scope === 'overall' ? undefined : next.scope,
            city: next.scope === 'city' ? next.city : undefined,
          },
          resetScroll: false,
        })
      }
    />
  );
}
