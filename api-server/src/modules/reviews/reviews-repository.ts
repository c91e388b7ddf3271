import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  lockQuest as lockQuestRow,
  type ReviewWithAuthor,
  setQuestRating,
  setQuestRatingsFrom,
} from '../quests/index.ts';
import { joinableUsers } from '../users/index.ts';
import { questReviews } from './tables/reviews.tables.ts';

export type ReviewRow = typeof questReviews.$inferSelect;

const users = joinableUsers('users');

const authorColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
};

export async function listReviews(
  db: Db,
  questId: string,
  window: { limit: number; offset: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: questReviews, author: authorColumns })
      .from(questReviews)
      .leftJoin(users, eq(users.id, questReviews.userId))
      .where(eq(questReviews.questId, questId))
      .orderBy(desc(questReviews.createdAt), desc(questReviews.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(questReviews).where(eq(questReviews.questId, questId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findReview(db: Db, questId: string, userId: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(questReviews)
    .where(and(eq(questReviews.questId, questId), eq(questReviews.userId, userId)))
    .limit(1);
  return row;
}

export async function findReviewWithAuthor(db: Db, id: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = await db
    .select({ review: questReviews, author: authorColumns })
    .from(questReviews)
    .leftJoin(users, eq(users.id, questReviews.userId))
    .where(eq(questReviews.id, id))
    .limit(1);
  return row;
}

/** One review per explorer and quest: a later one replaces the earlier in place. */
export async function upsertReview(
  db: Db,
  review: { questId: string; userId: string; rating: number; comment: string },
  at: Date,
): Promise<ReviewRow> {
  const [row] = await db
    .insert(questReviews)
    .values({ ...review, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [questReviews.questId, questReviews.userId],
      set: { rating: review.rating, comment: review.comment, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('review upsert returned nothing');
  return row;
}

/** Locks the quest row so concurrent reviews recompute its rating one after the other. */
export async function lockQuest(db: Db, questId: string): Promise<void> {
  await lockQuestRow(db, questId);
}

/**
 * Recomputes averageRating, totalReviews and ratingBreakdown of a quest from its reviews; call it (in the same
 * transaction) whenever reviews of a quest are added, replaced or removed.
 */
export async function refreshQuestRating(db: Db, questId: string): Promise<void> {
  const rows = await db
    .select({ rating: questReviews.rating, value: count() })
    .from(questReviews)
    .where(eq(questReviews.questId, questId))
    .groupBy(questReviews.rating);
  const breakdown = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<'1' | '2' | '3' | '4' | '5', number>;
  let total = 0;
  let sum = 0;
  for (const row of rows) {
    const key = String(row.rating) as keyof typeof breakdown;
    if (!(key in breakdown)) continue;
    breakdown[key] = row.value;
    total += row.value;
    sum += row.value * row.rating;
  }
  await setQuestRating(db, questId, {
    ratingBreakdown: breakdown,
    totalReviews: total,
    averageRating: total ? Math.round((sum / total) * 10) / 10 : 0,
  });
}

/** The quests the account reviewed. */
export async function reviewedQuestIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ questId: questReviews.questId })
    .from(questReviews)
    .where(eq(questReviews.userId, userId));
  return [...new Set(rows.map((row) => row.questId))];
}

/** refreshQuestRating for many quests at once, in one statement (after an account's reviews went). */
export async function refreshQuestRatings(db: Db, questIds: string[]): Promise<void> {
  await setQuestRatingsFrom(db, questIds, (questId) => {
    const ofQuest = sql`from ${questReviews} where ${questReviews.questId} = ${questId}`;
    const stars = (n: number) => sql`(select count(*) ${ofQuest} and ${questReviews.rating} = ${n})`;
    return {
      totalReviews: sql`(select count(*) ${ofQuest})`,
      averageRating: sql`coalesce((select avg(${questReviews.rating}) ${ofQuest}), 0)`,
      ratingBreakdown: sql`jsonb_build_object('1', ${stars(1)}, '2', ${stars(2)}, '3', ${stars(3)}, '4', ${stars(4)}, '5', ${stars(5)})`,
    };
  });
}
