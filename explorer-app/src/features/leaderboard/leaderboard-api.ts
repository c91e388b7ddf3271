import type { Schema } from '@cityquest/contract';

import { getQuery } from '../../lib/api.ts';

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

const BOARD_PATHS = {
  overall: '/leaderboard',
  friends: '/leaderboard/friends',
  city: '/leaderboard/city',
} as const satisfies Record<LeaderboardScope, string>;

export const leaderboardQueries = {
  board: ({ scope, period, city }: BoardChoice) =>
    getQuery(BOARD_PATHS[scope], { query: { period, ...(scope === 'city' && city ? { city } : {}) } }),
};
