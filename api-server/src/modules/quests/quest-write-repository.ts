import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NewQuest, type QuestRow, questColumns } from './quest-repository.ts';
import { questFiles, quests, questTasks, questTips } from './tables/quests.tables.ts';

/** Adds each quest's views in one statement (quests deleted meanwhile are skipped). */
export async function addViews(db: Db, views: ReadonlyMap<string, number>): Promise<void> {
  if (views.size === 0) return;
  const rows = sql.join(
    [...views].map(([id, n]) => sql`(${id}::uuid, ${n}::integer)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${quests} set views = ${quests.views} + v.n from (values ${rows}) as v(id, n) where ${quests.id} = v.id`,
  );
}

export type QuestChildren = {
  tasks?: { description: string; hint: string | null }[];
  tips?: string[];
  photos?: string[];
};

/** Replaces the lists given; tasks are numbered 1..n in the given order. */
export async function replaceChildren(db: Db, questId: string, children: QuestChildren): Promise<void> {
  if (children.tasks) {
    await db.delete(questTasks).where(eq(questTasks.questId, questId));
    if (children.tasks.length) {
      await db
        .insert(questTasks)
        .values(children.tasks.map((task, index) => ({ questId, order: index + 1, ...task })));
    }
  }
  if (children.tips) {
    await db.delete(questTips).where(eq(questTips.questId, questId));
    if (children.tips.length) {
      await db
        .insert(questTips)
        .values(children.tips.map((tipText, index) => ({ questId, position: index + 1, tipText })));
    }
  }
  if (children.photos) {
    await db.delete(questFiles).where(eq(questFiles.questId, questId));
    if (children.photos.length) {
      await db
        .insert(questFiles)
        .values(children.photos.map((url, index) => ({ questId, position: index + 1, url })));
    }
  }
}

export async function insertQuest(db: Db, values: NewQuest): Promise<QuestRow> {
  const [row] = await db.insert(quests).values(values).returning(questColumns);
  if (!row) throw new Error('quest insert returned nothing');
  return row;
}

export async function updateQuestRow(db: Db, id: string, values: Partial<NewQuest>): Promise<void> {
  await db
    .update(quests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(quests.id, id));
}

export async function deleteQuestRow(db: Db, id: string): Promise<void> {
  await db.delete(quests).where(eq(quests.id, id));
}

/** The quest's row, locked until the caller's transaction ends. */
export async function lockQuest(db: Db, id: string): Promise<QuestRow | undefined> {
  const [row] = await db.select().from(quests).where(eq(quests.id, id)).for('update');
  return row;
}

/** One more completion of the quest. */
export async function countCompletion(db: Db, id: string): Promise<void> {
  await db
    .update(quests)
    .set({ completions: sql`${quests.completions} + 1` })
    .where(eq(quests.id, id));
}

/** The quest's rating figures, recomputed by reviews (which leaves its updatedAt alone: no edit happened). */
export async function setQuestRating(
  db: Db,
  id: string,
  rating: Pick<NewQuest, 'ratingBreakdown' | 'totalReviews' | 'averageRating'>,
): Promise<void> {
  await db.update(quests).set(rating).where(eq(quests.id, id));
}

type RatingFigures = Record<'totalReviews' | 'averageRating' | 'ratingBreakdown', SQL>;

/** Sets the rating figures of these quests, each computed by `figuresOf` from its id, in one statement. */
export async function setQuestRatingsFrom(
  db: Db,
  questIds: string[],
  figuresOf: (questId: typeof quests.id) => RatingFigures,
): Promise<void> {
  await db.update(quests).set(figuresOf(quests.id)).where(inArray(quests.id, questIds));
}
