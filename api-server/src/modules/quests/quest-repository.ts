import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type Category,
  type Difficulty,
  type QuestStatus,
  questFiles,
  questProgress,
  questReviews,
  quests,
  questTasks,
  questTips,
  taskProofs,
  users,
} from '../../db/schema.ts';
import type { Page } from '../../lib/pagination.ts';
import type { ProofState } from '../../lib/progress-math.ts';

const { search: _search, ...questColumns } = getTableColumns(quests);

export type QuestRow = Omit<typeof quests.$inferSelect, 'search'>;
export type NewQuest = typeof quests.$inferInsert;
export type Creator = { id: string; username: string; fullName: string; avatarUrl: string | null };
export type QuestWithCreator = { quest: QuestRow; creator: Creator | null };
export type TaskRow = typeof questTasks.$inferSelect;
export type TipRow = typeof questTips.$inferSelect;
export type ReviewWithAuthor = {
  review: typeof questReviews.$inferSelect;
  author: Creator | null;
};

const creatorColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
};

export type QuestSort = 'newest' | 'oldest' | 'popular' | 'rating' | 'xp' | 'relevance';

/** Search text as a prefix query on the `simple` configuration: 'lodhi mur' finds 'Lodhi murals'. */
export type TextSearch = { tsquery: string; tags: string[] };

export function textSearchOf(text: string | undefined): TextSearch | undefined {
  const trimmed = text?.trim().toLowerCase() ?? '';
  if (!trimmed || trimmed === 'all') return undefined;
  const words = (trimmed.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return undefined;
  return {
    tsquery: words.map((word) => `${word}:*`).join(' & '),
    tags: [...new Set([trimmed, ...words])],
  };
}

const tsqueryOf = (search: TextSearch) => sql`to_tsquery('simple', ${search.tsquery})`;

export type QuestFilter = {
  status?: QuestStatus;
  category?: Category;
  difficulty?: Difficulty;
  createdBy?: string;
  featured?: boolean;
  text?: TextSearch;
};

function whereOf(filter: QuestFilter): SQL | undefined {
  return and(
    filter.status ? eq(quests.status, filter.status) : undefined,
    filter.category ? eq(quests.category, filter.category) : undefined,
    filter.difficulty ? eq(quests.difficulty, filter.difficulty) : undefined,
    filter.createdBy ? eq(quests.createdBy, filter.createdBy) : undefined,
    filter.featured === undefined ? undefined : eq(quests.featured, filter.featured),
    // Both arms are indexed (GIN on the generated tsvector and on tags), so the planner can BitmapOr them.
    filter.text
      ? sql`(${quests.search} @@ ${tsqueryOf(filter.text)} or ${arrayOverlaps(quests.tags, filter.text.tags)})`
      : undefined,
  );
}

function orderOf(sort: QuestSort, text: TextSearch | undefined): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(quests.createdAt), asc(quests.id)];
    case 'popular':
      return [desc(quests.completions), desc(quests.averageRating), desc(quests.id)];
    case 'rating':
      return [desc(quests.averageRating), desc(quests.totalReviews), desc(quests.id)];
    case 'xp':
      return [desc(quests.xp), desc(quests.createdAt), desc(quests.id)];
    case 'relevance':
      return text
        ? [desc(sql`ts_rank(${quests.search}, ${tsqueryOf(text)})`), desc(quests.createdAt), desc(quests.id)]
        : [desc(quests.createdAt), desc(quests.id)];
    default:
      return [desc(quests.createdAt), desc(quests.id)];
  }
}

const selectWithCreator = (db: Db) =>
  db
    .select({ quest: questColumns, creator: creatorColumns })
    .from(quests)
    .leftJoin(users, eq(users.id, quests.createdBy));

/** The query GET /quests runs (exported so its plan can be shown). */
export function listQuestsQuery(db: Db, filter: QuestFilter, sort: QuestSort, page: Page) {
  return selectWithCreator(db)
    .where(whereOf(filter))
    .orderBy(...orderOf(sort, filter.text))
    .limit(page.limit)
    .offset(page.offset);
}

export async function listQuests(
  db: Db,
  filter: QuestFilter,
  sort: QuestSort,
  page: Page,
): Promise<{ rows: QuestWithCreator[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    listQuestsQuery(db, filter, sort, page),
    db.select({ value: count() }).from(quests).where(whereOf(filter)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findQuestWithCreator(db: Db, id: string): Promise<QuestWithCreator | undefined> {
  const [row] = await selectWithCreator(db).where(eq(quests.id, id)).limit(1);
  return row;
}

export async function findQuestsWithCreator(db: Db, ids: string[]): Promise<QuestWithCreator[]> {
  if (!ids.length) return [];
  return selectWithCreator(db).where(inArray(quests.id, ids));
}

export async function findQuest(db: Db, id: string): Promise<QuestRow | undefined> {
  const [row] = await db.select(questColumns).from(quests).where(eq(quests.id, id)).limit(1);
  return row;
}

/** Approved quests of a category the user neither started nor created, newest first. */
/**
 * Up to `limit` approved quests the user neither started nor created: first those of the categories they play
 * most (a started quest weighs 1, a completed one 2; ties by category name), then any other, newest first within
 * each category. One statement.
 */
export async function recommendedQuestsFor(
  db: Db,
  userId: string,
  limit: number,
): Promise<QuestWithCreator[]> {
  const played = db
    .select({
      category: quests.category,
      weight: sql<number>`sum(case when ${questProgress.status} = 'completed' then 2 else 1 end)`.as(
        'weight',
      ),
    })
    .from(questProgress)
    .innerJoin(quests, eq(quests.id, questProgress.questId))
    .where(eq(questProgress.userId, userId))
    .groupBy(quests.category)
    .as('played');
  return selectWithCreator(db)
    .leftJoin(played, eq(played.category, quests.category))
    .where(
      and(
        eq(quests.status, 'approved'),
        sql`${quests.createdBy} is distinct from ${userId}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(questProgress)
            .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, quests.id))),
        ),
      ),
    )
    .orderBy(
      sql`${played.weight} desc nulls last`,
      sql`case when ${played.weight} is null then null else ${quests.category} end asc nulls last`,
      desc(quests.createdAt),
      desc(quests.id),
    )
    .limit(limit);
}

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

export type ViewerProgress = typeof questProgress.$inferSelect & { proofs: ProofState[] };

export type QuestParts = {
  files: string[];
  tasks: TaskRow[];
  tips: TipRow[];
  recentReviews: ReviewWithAuthor[];
  /** The viewer's own record on the quest, with the state of its proofs. */
  progress: ViewerProgress | undefined;
};

/** Everything a quest page shows besides the quest row, for each quest, in one statement. */
export async function questPartsFor(
  db: Db,
  questIds: string[],
  viewerId: string,
  recentReviews: number,
): Promise<Map<string, QuestParts>> {
  if (!questIds.length) return new Map();
  const rows = await db.query.quests.findMany({
    columns: { id: true },
    where: inArray(quests.id, questIds),
    with: {
      files: { columns: { url: true }, orderBy: [asc(questFiles.position)] },
      tasks: { orderBy: [asc(questTasks.order)] },
      tips: { orderBy: [asc(questTips.position)] },
      reviews: {
        orderBy: [desc(questReviews.createdAt), desc(questReviews.id)],
        limit: recentReviews,
        with: { author: { columns: { id: true, username: true, fullName: true, avatarUrl: true } } },
      },
      progress: {
        where: eq(questProgress.userId, viewerId),
        with: { proofs: { columns: { taskOrder: true, status: true } } },
      },
    },
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

/** Stored image URLs of every proof sent for the quest (removed with it). */
export async function proofImagesOfQuest(db: Db, questId: string): Promise<string[]> {
  const rows = await db
    .select({ images: taskProofs.images })
    .from(taskProofs)
    .innerJoin(questProgress, eq(questProgress.id, taskProofs.progressId))
    .where(eq(questProgress.questId, questId));
  return rows.flatMap((row) => row.images);
}

/** Explorers who started each quest (ongoing or completed). */
export async function participantsFor(db: Db, questIds: string[]): Promise<Map<string, number>> {
  if (!questIds.length) return new Map();
  const rows = await db
    .select({ questId: questProgress.questId, value: count() })
    .from(questProgress)
    .where(inArray(questProgress.questId, questIds))
    .groupBy(questProgress.questId);
  return new Map(rows.map((row) => [row.questId, row.value]));
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
