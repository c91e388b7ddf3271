import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { findUserById, permissionsOf, toAdminUser, USER_NOT_FOUND } from '../users/index.ts';
import { profileCounts } from './profile-counts.ts';
import { currentStreak, profileCompleteness } from './profile-service.ts';

const kilometres = (metres: number) => Math.round(Math.max(0, metres) / 100) / 10;

/** An account as the admin console's details show it: the admin row, the profile's figures and the permissions. */
export async function getAdminUser(ctx: AppContext, id: string): Promise<Schema<'AdminUserDetail'>> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  const counts = await profileCounts(ctx.db, id, { approvedCreatedOnly: false });
  return {
    ...toAdminUser(row, counts, ctx.files),
    stats: {
      profileCompleteness: profileCompleteness(row),
      questsCompleted: counts.questsCompleted,
      questsCreated: counts.questsCreated,
      questsOngoing: counts.questsOngoing,
      badgesEarned: counts.badgesEarned,
      currentStreak: currentStreak(row),
      distanceExplored: kilometres(row.distanceExploredMeters),
    },
    permissions: permissionsOf(row.role),
  };
}
