import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { type CategoryXP, emptyCategoryXP } from '../../db/columns.ts';
import { fieldError, notFound } from '../../lib/http-error.ts';
import { levelFor } from '../../lib/levels.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import { listEarnedBadges, toEarnedBadgeDto } from '../badges/index.ts';
import {
  type Friendship,
  friendshipBetween,
  friendshipsWith,
  isBlockedEitherWay,
  noBlockBetween,
} from '../friends/index.ts';
import {
  findUserById,
  searchExplorers,
  toUserDto,
  type UserRow,
  withDefaultSettings,
} from '../users/index.ts';
import { profileCounts, questCounts } from './profile-counts.ts';

export const USER_NOT_FOUND = 'User not found';
export const PRIVATE_PROFILE = 'This profile is private';

/**
 * profileCompleteness = 20% for each of five things a profile can have: a profile photo, a cover image,
 * a full name, a bio (neither blank) and a verified email. Rounded to a whole percent.
 */
export function profileCompleteness(
  user: Pick<UserRow, 'avatarUrl' | 'coverImageUrl' | 'fullName' | 'bio' | 'isEmailVerified'>,
): number {
  const filled = [
    Boolean(user.avatarUrl),
    Boolean(user.coverImageUrl),
    user.fullName.trim() !== '',
    user.bio.trim() !== '',
    user.isEmailVerified,
  ];
  return Math.round((filled.filter(Boolean).length / filled.length) * 100);
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The stored streak counts only while unbroken: its last quest day must be today or yesterday (UTC). */
export function currentStreak(
  user: Pick<UserRow, 'currentStreak' | 'lastQuestDay'>,
  now: Date = new Date(),
): number {
  if (!user.lastQuestDay) return 0;
  const yesterday = utcDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  return user.lastQuestDay >= yesterday ? user.currentStreak : 0;
}

const kilometres = (metres: number) => Math.round(Math.max(0, metres) / 100) / 10;
const categoryXPOf = (user: UserRow): CategoryXP => ({ ...emptyCategoryXP, ...user.categoryXP });

/** The stats read from the account itself. */
const personalStats = (user: UserRow) => ({
  categoryXP: categoryXPOf(user),
  currentStreak: currentStreak(user),
  distanceExplored: kilometres(user.distanceExploredMeters),
});

async function statsOf(db: Db, user: UserRow, viewerIsOwner: boolean) {
  const counts = await profileCounts(db, user.id, { approvedCreatedOnly: !viewerIsOwner });
  return { ...counts, ...personalStats(user) };
}

/**
 * The signed-in profile with `stats` and the earned `badges`, as the profile screens read them
 * (docs/product-rules/api-shapes.md#profile-shape). Two reads in parallel beside the account already loaded:
 * the quest counts, and the earned badges (their count is `badgesEarned`).
 */
export async function getMyProfile(ctx: AppContext, user: UserRow): Promise<Schema<'MyProfile'>> {
  const [counts, earned] = await Promise.all([
    questCounts(ctx.db, user.id, { approvedCreatedOnly: false }),
    listEarnedBadges(ctx.db, user.id),
  ]);
  const level = levelFor(user.xp);
  return {
    ...toUserDto(user, ctx.files),
    settings: withDefaultSettings(user.settings),
    displayName: user.fullName.trim() || user.username,
    totalXP: user.xp,
    profileCompleteness: profileCompleteness(user),
    ...counts,
    badgesEarned: earned.length,
    ...personalStats(user),
    stats: {
      level: level.level,
      totalXP: user.xp,
      rank: level.rank,
      questsCompleted: counts.questsCompleted,
    },
    badges: earned.map((row) => toEarnedBadgeDto(row, ctx.files)),
  };
}

export type ProfileAccess = { user: UserRow; friendship: Friendship; full: boolean };

/**
 * Whom a viewer may see: unknown and suspended accounts and blocks either way answer 404; a private
 * profile is seen in full only by its owner and their friends.
 */
export async function profileAccess(db: Db, viewer: UserRow, userId: string): Promise<ProfileAccess> {
  if (userId === viewer.id) return { user: viewer, friendship: 'self', full: true };
  const user = await findUserById(db, userId);
  if (!user?.accountVerified || (await isBlockedEitherWay(db, viewer.id, user.id))) {
    throw notFound(USER_NOT_FOUND);
  }
  const friendship = await friendshipBetween(db, viewer.id, user.id);
  const isPublic = withDefaultSettings(user.settings).privacy.profileVisibility === 'public';
  return { user, friendship, full: isPublic || friendship === 'friends' };
}

export async function getUserProfile(
  ctx: AppContext,
  viewer: UserRow,
  userId: string,
): Promise<Schema<'PublicProfile'>> {
  const { user, friendship, full } = await profileAccess(ctx.db, viewer, userId);
  const level = levelFor(user.xp);
  const limited = {
    _id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatar: ctx.files.ofOptional(user.avatarUrl),
    level: level.level,
    isPrivate: !full,
    friendship,
  };
  if (!full) return limited;
  return {
    ...limited,
    coverImage: ctx.files.ofOptional(user.coverImageUrl),
    bio: user.bio,
    role: user.role,
    xp: user.xp,
    currentXP: level.currentXP,
    nextLevelXP: level.nextLevelXP,
    rank: level.rank,
    ...(await statsOf(ctx.db, user, user.id === viewer.id)),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function searchUsers(
  ctx: AppContext,
  viewer: UserRow,
  query: PageQuery & { username: string },
): Promise<Schema<'UserSearchPage'>> {
  const text = query.username.trim();
  if (!text) throw fieldError('username', 'Username is required');
  const page = toPage(query, 20);
  const { rows, total } = await searchExplorers(
    ctx.db,
    { needle: text, viewerId: viewer.id, visible: (accountId) => noBlockBetween(viewer.id, accountId) },
    page,
  );
  const friendships = await friendshipsWith(
    ctx.db,
    viewer.id,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => ({
      _id: row.id,
      username: row.username,
      fullName: row.fullName,
      avatar: ctx.files.ofOptional(row.avatarUrl),
      level: levelFor(row.xp).level,
      friendship: friendships.get(row.id) ?? 'none',
    })),
    pagination: cappedPaginationOf('totalUsers', total, page),
  };
}
