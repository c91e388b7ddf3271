import type { Schema } from '@cityquest/contract';

export type Period = Schema<'LeaderboardPeriod'>;
export type Scope = Schema<'LeaderboardScope'>;

/**
 * A board's rows (docs/product-rules/leaderboards.md#boards): the all-time board of every city reads users.xp
 * (`source: 'users'`); the others read xp_scores by `period` ('all' or a week's Monday) and `city` ('' for
 * every city).
 */
export type Board = { source: 'users' } | { source: 'scores'; period: string; city: string };

export const ALL_TIME = 'all';
export const EVERY_CITY = '';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week holding `at`, and the next Monday. */
export function utcWeekOf(at: Date): { startsAt: Date; endsAt: Date } {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const startsAt = new Date(midnight - daysSinceMonday * DAY_MS);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 7 * DAY_MS) };
}

/** The `period` key of the week holding `at`: its Monday as yyyy-mm-dd. */
export const weekKeyOf = (at: Date) => utcWeekOf(at).startsAt.toISOString().slice(0, 10);

export function boardOf(period: Period, city: string, at: Date): Board {
  if (period === 'all' && city === EVERY_CITY) return { source: 'users' };
  return { source: 'scores', period: period === 'all' ? ALL_TIME : weekKeyOf(at), city };
}

/** The boards a completion in `city` at `at` adds to, besides users.xp. */
export function boardsOfCompletion(city: string, at: Date): { period: string; city: string }[] {
  const week = weekKeyOf(at);
  return [
    { period: ALL_TIME, city },
    { period: week, city: EVERY_CITY },
    { period: week, city },
  ];
}
