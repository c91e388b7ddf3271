import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserSettings } from '../../db/columns.ts';
import { livePositions, questProgress, questReviews, quests, taskProofs } from '../../db/schema.ts';
import { users } from './tables/users.tables.ts';
import type { UserRow } from './user-repository.ts';
import { withDefaultSettings } from './user-settings.ts';

export type SettingsGroup = keyof UserSettings;

/**
 * Merges one group in SQL, so two tabs saving different groups at the same moment cannot undo each other.
 * Privacy with live-position sharing off also deletes every position the account shared, in the same
 * transaction: the row lock it holds makes a position being written at that moment wait and then find
 * sharing off (docs/product-rules/maps-and-location.md#live-position-sharing).
 */
export async function mergeSettingsGroup(
  db: Db,
  userId: string,
  group: SettingsGroup,
  patch: Record<string, unknown>,
): Promise<UserRow | undefined> {
  const merge = async (tx: Db) => {
    const [row] = await tx
      .update(users)
      .set({
        settings: sql`jsonb_set(${users.settings}, array[${group}::text], coalesce(${users.settings} -> ${group}::text, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  };
  if (group !== 'privacy') return merge(db);
  return db.transaction(async (tx) => {
    const row = await merge(tx);
    if (row && !withDefaultSettings(row.settings).privacy.shareLivePosition) {
      await tx
        .delete(livePositions)
        .where(
          inArray(
            livePositions.progressId,
            tx.select({ id: questProgress.id }).from(questProgress).where(eq(questProgress.userId, userId)),
          ),
        );
    }
    return row;
  });
}

export async function updateUser(
  db: Db,
  userId: string,
  values: Partial<Pick<UserRow, 'fullName' | 'bio' | 'avatarUrl' | 'coverImageUrl'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The files a user's account owns in storage: pictures and proof photos (their quests stay, with theirs). */
async function uploadsOf(db: Db, user: Pick<UserRow, 'id' | 'avatarUrl' | 'coverImageUrl'>) {
  const proofs = await db
    .select({ images: taskProofs.images, files: taskProofs.files })
    .from(taskProofs)
    .innerJoin(questProgress, eq(questProgress.id, taskProofs.progressId))
    .where(eq(questProgress.userId, user.id));
  return [
    user.avatarUrl,
    user.coverImageUrl,
    ...proofs.flatMap((proof) => [...proof.images, ...proof.files.map((file) => file.url)]),
  ].filter((url): url is string => Boolean(url));
}

/**
 * Deletes the user row in one transaction; foreign keys remove sessions, codes, progress and proofs,
 * reviews, badges, friendships, blocks and notifications, and leave their quests with no creator. The
 * ratings of quests they reviewed are recomputed without their reviews. Answers the files to remove.
 */
export async function deleteUserAccount(db: Db, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return [];
    const files = await uploadsOf(tx, user);
    const reviewed = await tx
      .select({ questId: questReviews.questId })
      .from(questReviews)
      .where(eq(questReviews.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    if (reviewed.length) await recomputeRatings(tx, [...new Set(reviewed.map((row) => row.questId))]);
    return files;
  });
}

async function recomputeRatings(db: Db, questIds: string[]): Promise<void> {
  const ofQuest = sql`from ${questReviews} where ${questReviews.questId} = ${quests.id}`;
  const stars = (n: number) => sql`(select count(*) ${ofQuest} and ${questReviews.rating} = ${n})`;
  await db
    .update(quests)
    .set({
      totalReviews: sql`(select count(*) ${ofQuest})`,
      averageRating: sql`coalesce((select avg(${questReviews.rating}) ${ofQuest}), 0)`,
      ratingBreakdown: sql`jsonb_build_object('1', ${stars(1)}, '2', ${stars(2)}, '3', ${stars(3)}, '4', ${stars(4)}, '5', ${stars(5)})`,
    })
    .where(inArray(quests.id, questIds));
}

export type PictureColumn = 'avatarUrl' | 'coverImageUrl';

/** Sets a picture and answers the one it replaced, read under the row lock so no file is orphaned. */
export async function swapPicture(
  db: Db,
  userId: string,
  column: PictureColumn,
  url: string | null,
): Promise<{ user: UserRow; previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ previous: users[column] })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) return undefined;
    const user = await updateUser(tx, userId, { [column]: url });
    return user ? { user, previous: current.previous } : undefined;
  });
}
