import type { Schema } from '@cityquest/contract';

import { getQuery } from '../../lib/api.ts';

export type Badge = Schema<'Badge'>;
export type EarnedBadge = Schema<'EarnedBadge'>;

// The explorer's own earned badges come with their profile (`MyProfile.badges`, questQueries.myProfile), in the
// shape GET /badges/earned/{userId} answers, so no screen needs the user's id to list them.

export const badgeQueries = {
  catalogue: () => getQuery('/badges'),
};
