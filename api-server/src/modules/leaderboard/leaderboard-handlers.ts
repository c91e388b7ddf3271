import { type AppContext, replicaReads } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { leaderboard } from './leaderboard-service.ts';

export function leaderboardHandlers(context: AppContext) {
  // Boards may be a moment old.
  const ctx = replicaReads(context);
  return {
    async getLeaderboard(request) {
      const { period = 'week' } = request.query;
      const data = await leaderboard(ctx, currentAuth(request).user, { period, scope: 'overall' });
      return { message: 'Leaderboard fetched', data };
    },
    async getFriendsLeaderboard(request) {
      const { period = 'week' } = request.query;
      const data = await leaderboard(ctx, currentAuth(request).user, { period, scope: 'friends' });
      return { message: 'Friends leaderboard fetched', data };
    },
    async getCityLeaderboard(request) {
      const { period = 'week', city } = request.query;
      const data = await leaderboard(ctx, currentAuth(request).user, { period, scope: 'city', city });
      return { message: 'City leaderboard fetched', data };
    },
  } satisfies Handlers;
}
