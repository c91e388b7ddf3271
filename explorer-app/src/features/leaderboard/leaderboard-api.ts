import type { Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type Leaderboard = Schema<'Leaderboard'>;
export type LeaderboardEntry = Schema<'LeaderboardEntry'>;
export type LeaderboardPeriod = Schema<'LeaderboardPeriod'>;
export type LeaderboardScope = Schema<'LeaderboardScope'>;

// The route validates its search with these, so this file travels in the entry: keep it this small.
export const LEADERBOARD_PERIODS = ['week', 'all'] as const satisfies readonly LeaderboardPeriod[];
export const LEADERBOARD_SCOPES = [
  'overall',
  'friends',
  'city',
] as const satisfies readonly LeaderboardScope[];

/** The board a screen shows; `city` counts on the city board only, where absent means the caller's own city. */
export type BoardChoice = { scope: LeaderboardScope; period: LeaderboardPeriod; city?: string };

const FAILED = 'Failed to fetch the leaderboard';

function boardCall({ scope, period, city }: BoardChoice) {
  if (scope === 'city') {
    const query = city ? { period, city } : { period };
    return {
      key: apiKey('/leaderboard/city', { query }),
      fetch: () => api().GET('/leaderboard/city', { params: { query } }),
    };
  }
  if (scope === 'friends')
    return {
      key: apiKey('/leaderboard/friends', { query: { period } }),
      fetch: () => api().GET('/leaderboard/friends', { params: { query: { period } } }),
    };
  return {
    key: apiKey('/leaderboard', { query: { period } }),
    fetch: () => api().GET('/leaderboard', { params: { query: { period } } }),
  };
}

export const leaderboardQueries = {
  board: (choice: BoardChoice) => {
    const call = boardCall(choice);
    return queryOptions({ queryKey: call.key, queryFn: () => unwrap(call.fetch(), FAILED) });
  },
};
