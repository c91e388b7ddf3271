import { asc, inArray, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../db/client.ts';
import type { questProgress } from '../../db/schema.ts';
import type { ProofState } from '../../lib/progress-math.ts';
import type { ReviewWithAuthor, TaskRow, TipRow } from './quest-repository.ts';
import { questFiles, quests, questTasks, questTips } from './tables/quests.tables.ts';

/** Photo URLs per quest, cover first. */
export async function filesFor(db: Db, questIds: string[]): Promise<Map<string, string[]>> {
  const byQuest = new Map<string, string[]>();
  if (!questIds.length) return byQuest;
  const rows = await db
    .select({ questId: questFiles.questId, url: questFiles.url })
    .from(questFiles)
    .where(inArray(questFiles.questId, questIds))
    .orderBy(asc(questFiles.questId), asc(questFiles.position));
  for (const row of rows) byQuest.set(row.questId, [...(byQuest.get(row.questId) ?? []), row.url]);
  return byQuest;
}

export async function tasksFor(db: Db, questIds: string[]): Promise<Map<string, TaskRow[]>> {
  const byQuest = new Map<string, TaskRow[]>();
  if (!questIds.length) return byQuest;
  const rows = await db
    .select()
    .from(questTasks)
    .where(inArray(questTasks.questId, questIds))
    .orderBy(asc(questTasks.questId), asc(questTasks.order));
  for (const row of rows) byQuest.set(row.questId, [...(byQuest.get(row.questId) ?? []), row]);
  return byQuest;
}

export async function tipsFor(db: Db, questIds: string[]): Promise<Map<string, TipRow[]>> {
  const byQuest = new Map<string, TipRow[]>();
  if (!questIds.length) return byQuest;
  const rows = await db
    .select()
    .from(questTips)
    .where(inArray(questTips.questId, questIds))
    .orderBy(asc(questTips.questId), asc(questTips.position));
  for (const row of rows) byQuest.set(row.questId, [...(byQuest.get(row.questId) ?? []), row]);
  return byQuest;
}

export type ViewerProgress = typeof questProgress.$inferSelect & { proofs: ProofState[] };

export type QuestParts = {
  files: string[];
  tasks: TaskRow[];
  tips: TipRow[];
  recentReviews: ReviewWithAuthor[];
  /** The viewer's own record on the quest, with the state of its proofs. */
  progress: ViewerProgress | undefined;
};

/**
 * Everything a quest page shows besides the quest row, for each quest, in one statement: built once per database
 * (a prepared query), since building a relational query with five relations costs more CPU than its round trip.
 */
export async function questPartsFor(
  db: Db,
  questIds: string[],
  /** Null for a visitor without an account: no progress. */
  viewerId: string | null,
  recentReviews: number,
): Promise<Map<string, QuestParts>> {
  if (!questIds.length) return new Map();
  const rows = await prepared(db, 'quest-parts', () => questPartsQuery(db)).execute({
    questIds,
    // No account has a null id: a visitor's record list comes back empty.
    viewerId,
    recentReviews,
  });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        files: row.files.map((file) => file.url),
        tasks: row.tasks,
        tips: row.tips,
        recentReviews: row.reviews.map(({ author, ...review }) => ({ review, author: author ?? null })),
        progress: row.progress[0],
      },
    ]),
  );
}

/** `questPartsFor`'s statement: the quests, the viewer and the number of reviews left as placeholders. */
function questPartsQuery(db: Db) {
  return db.query.quests
    .findMany({
      columns: { id: true },
      where: sql`${quests.id} = any(${sql.placeholder('questIds')}::uuid[])`,
      with: {
        files: { columns: { url: true }, orderBy: (files, order) => [order.asc(files.position)] },
        tasks: { orderBy: (tasks, order) => [order.asc(tasks.order)] },
        tips: { orderBy: (tips, order) => [order.asc(tips.position)] },
        reviews: {
          orderBy: (reviews, order) => [order.desc(reviews.createdAt), order.desc(reviews.id)],
          limit: sql.placeholder('recentReviews'),
          with: { author: { columns: { id: true, username: true, fullName: true, avatarUrl: true } } },
        },
        progress: {
          where: (progress) => sql`${progress.userId} = ${sql.placeholder('viewerId')}::uuid`,
          with: { proofs: { columns: { taskOrder: true, status: true } } },
        },
      },
    })
    .prepare('quest_parts');
}
