import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questProgress, quests, userBadges, users } from '../../db/schema.ts';
import { type CappedTotal, countCapOf, countUpTo, type Page } from '../../lib/pagination.ts';
import { noBlockBetween } from '../friends/index.ts';
import type { UserRow } from '../users/index.ts';

export type QuestCounts = {
  questsCompleted: number;
  questsOngoing: number;
  questsCreated: number;
};
export type ProfileCounts = QuestCounts & { badgesEarned: number };

/**
 * The counted quests of a profile. Others count only the approved quests someone created (the rest are not
 * theirs to see); the owner counts every one.
 */
export async function questCounts(
  db: Db,
  userId: string,
  options: { approvedCreatedOnly: boolean },
): Promise<QuestCounts> {
  const [[progress], [created]] = await Promise.all([
    db
      .select({
        completed: sql<number>`count(*) filter (where ${questProgress.status} = 'completed')`.mapWith(Number),
        ongoing: sql<number>`count(*) filter (where ${questProgress.status} = 'ongoing')`.mapWith(Number),
      })
      .from(questProgress)
      .where(eq(questProgress.userId, userId)),
    db
      .select({ value: count() })
      .from(quests)
      .where(
        and(
          eq(quests.createdBy, userId),
          options.approvedCreatedOnly ? eq(quests.status, 'approved') : undefined,
        ),
      ),
  ]);
  return {
    questsCompleted: progress?.completed ?? 0,
    questsOngoing: progress?.ongoing ?? 0,
    questsCreated: created?.value ?? 0,
  };
}

/** The counted stats of a profile: its quests and its badges. */
export async function profileCounts(
  db: Db,
  userId: string,
  options: { approvedCreatedOnly: boolean },
): Promise<ProfileCounts> {
  const [quests, [badges]] = await Promise.all([
    questCounts(db, userId, options),
    db.select({ value: count() }).from(userBadges).where(eq(userBadges.userId, userId)),
  ]);
  return { ...quests, badgesEarned: badges?.value ?? 0 };
}

export type SearchRow = Pick<UserRow, 'id' | 'username' | 'fullName' | 'avatarUrl' | 'xp'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Matches the text anywhere in the username or full name (served by the trigram index on the same
 * expression), leaving out the viewer, suspended and unverified accounts and blocks either way. Exact
 * username first, then username prefix, then full-name prefix, then the rest, each by username.
 */
export async function searchUsers(
  db: Db,
  viewerId: string,
  text: string,
  page: Page,
): Promise<{ rows: SearchRow[]; total: CappedTotal }> {
  const needle = text.trim().toLowerCase();
  const haystack = sql`(${users.username} || ' ' || lower(${users.fullName}))`;
  const where = and(
    sql`${haystack} like ${`%${escapeLike(needle)}%`}`,
    ne(users.id, viewerId),
    eq(users.accountVerified, true),
    eq(users.isEmailVerified, true),
    noBlockBetween(viewerId, users.id),
  );
  const prefix = `${escapeLike(needle)}%`;
  const rank = sql`case when ${users.username} = ${needle} then 0 when ${users.username} like ${prefix} then 1 when lower(${users.fullName}) like ${prefix} then 2 else 3 end`;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        xp: users.xp,
      })
      .from(users)
      .where(where)
      .orderBy(rank, asc(users.username))
      .limit(page.limit)
      .offset(page.offset),
    // A one-letter search matches most accounts: counted only 1,000 past the page.
    countUpTo(db, users, where, countCapOf(page)),
  ]);
  return { rows, total };
}
