import type { Schema } from '@cityquest/contract';

import { getQuery } from '../../lib/api.ts';

export type MyProfile = Schema<'MyProfile'>;
export type PublicProfile = Schema<'PublicProfile'>;
export type ProgressSummary = Schema<'ProgressSummary'>;

// The signed-in explorer's own profile is questQueries.myProfile (lib/quests), shared with the dashboard; their quest
// lists are in profile-quests.ts, which only the lazy screen loads (the routes put this file in the entry).
export const profileQueries = {
  of: (id: string) => getQuery('/users/profile/{id}', { path: { id } }),
};

/** The profile's tabs, in order; the open one is the route's `tab` search value. */
export const PROFILE_TABS = ['overview', 'quests', 'badges', 'friends'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
