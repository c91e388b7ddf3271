import type { Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

export type Badge = Schema<'Badge'>;

/** The badge catalogue and a user's earned badges, as the Badges screen and the award form read them. */
export const badgeQueries = {
  /** Every badge, ordered by category and xpRequired: the 30 category badges and those admins created. */
  catalogue: () =>
    queryOptions({
      queryKey: apiKey('/badges'),
      queryFn: () => unwrap(api().GET('/badges'), 'Failed to fetch badges'),
    }),
  /**
   * The badges a user holds. The server treats this as part of the profile: a private profile answers 403 and a
   * suspended account 404, so readers treat a failure as "not known" rather than as an error to show.
   */
  earned: (userId: string) =>
    queryOptions({
      queryKey: apiKey('/badges/earned/{userId}', { path: { userId } }),
      queryFn: () =>
        unwrap(
          api().GET('/badges/earned/{userId}', { params: { path: { userId } } }),
          'Failed to fetch badges',
        ),
    }),
};
