import type { Schema } from '@cityquest/contract';
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
import { type Db, prepared } from '../../db/client.ts';
import type { Category, Difficulty } from '../../db/columns.ts';
import { questProgress, questReviews, taskProofs, users } from '../../db/schema.ts';
import { type CappedTotal, COUNT_WINDOW, countCapOf, countUpTo, type Page } from '../../lib/pagination.ts';
import type { ProofState } from '../../lib/progress-math.ts';
import {
  type QuestStatus,
  questCounts,
  questFiles,
  quests,
  questTasks,
  questTips,
} from './tables/quests.tables.ts';

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

/** The contract's sorts, and relevance: the order of a text search. */
export type QuestSort = Schema<'QuestSortBy'> | 'relevance';

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

/**
 * A text search ranks at most this many matches; more are counted as "1,000+"
 * (docs/product-rules/api-shapes.md#lists-and-pagination).
 */
export const SEARCH_CANDIDATES = COUNT_WINDOW;

/**
 * A text search's page by relevance and its capped total, from one read of the candidates: the first
 * SEARCH_CANDIDATES + 1 matches the indexes find, as narrow rows (id, created, the text's vector); the first
 * SEARCH_CANDIDATES of them are ranked, and how many there were is the total (more than the cap: "1,000+").
 * Ranking every match read and ranked each one's text per request; taking the newest matches first still read
 * every match (24 ms for 8,000 at 100,000 quests, against 3 ms), and a separate count read them again.
 */
export async function rankedSearchPage(
  db: Db,
  filter: QuestFilter & { text: TextSearch },
  page: Page,
): Promise<{ ids: string[]; total: CappedTotal }> {
  const candidates = db
    .select({ id: quests.id, createdAt: quests.createdAt, search: quests.search })
    .from(quests)
    .where(whereOf(filter))
    .limit(SEARCH_CANDIDATES + 1)
    .as('candidates');
  const numbered = db
    .select({
      id: candidates.id,
      createdAt: candidates.createdAt,
      search: candidates.search,
      found: sql<number>`count(*) over ()`.as('found'),
      position: sql<number>`row_number() over ()`.as('position'),
    })
    .from(candidates)
    .as('numbered');
  const rows = await db
    .select({ id: numbered.id, found: numbered.found })
    .from(numbered)
    .where(sql`${numbered.position} <= ${SEARCH_CANDIDATES}`)
    .orderBy(
      desc(sql`ts_rank(${numbered.search}, ${tsqueryOf(filter.text)})`),
      desc(numbered.createdAt),
      desc(numbered.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [first] = rows;
  // A page past the candidates has no row to carry the total: only then is it counted on its own.
  const total = first
    ? {
        total: Math.min(Number(first.found), SEARCH_CANDIDATES),
        capped: Number(first.found) > SEARCH_CANDIDATES,
      }
    : page.offset === 0
      ? { total: 0, capped: false }
      : await countUpTo(db, quests, whereOf(filter), SEARCH_CANDIDATES);
  return { ids: rows.map((row) => row.id), total };
}

/**
 * The query GET /quests runs (exported so its plan can be shown): the page's ids first, read from a list index
 * alone however deep the page, then only those quests in full with their creators. An OFFSET over full joined
 * rows read and joined every row it skipped.
 */
export function listQuestsQuery(db: Db, filter: QuestFilter, sort: QuestSort, page: Page) {
  const order = orderOf(sort, filter.text);
  const pageIds = db
    .select({ id: quests.id })
    .from(quests)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return selectWithCreator(db)
    .where(inArray(quests.id, pageIds))
    .orderBy(...order);
}

/**
 * How many quests match: from the counters kept with the rows when the filter is only status, category and
 * difficulty (the catalogue and moderation lists); a creator's own quests and the featured ones are few and
 * counted from their indexes; a text search counts up to 1,000 past the page
 * (docs/product-rules/api-shapes.md#lists-and-pagination).
 */
export async function countQuests(
  db: Db,
  filter: QuestFilter,
  page: Pick<Page, 'offset'>,
): Promise<CappedTotal> {
  if (filter.text) return countUpTo(db, quests, whereOf(filter), countCapOf(page));
  if (!filter.createdBy && filter.featured === undefined) {
    const [row] = await db
      .select({ value: sql<number>`coalesce(sum(${questCounts.total}), 0)::integer` })
      .from(questCounts)
      .where(
        and(
          filter.status ? eq(questCounts.status, filter.status) : undefined,
          filter.category ? eq(questCounts.category, filter.category) : undefined,
          filter.difficulty ? eq(questCounts.difficulty, filter.difficulty) : undefined,
        ),
      );
    return { total: row?.value ?? 0, capped: false };
  }
  const [row] = await db.select({ value: count() }).from(quests).where(whereOf(filter));
  return { total: row?.value ?? 0, capped: false };
}

/** Quests per status, from the counters kept with the rows. */
export async function countsByStatus(db: Db): Promise<Record<QuestStatus, number>> {
  const rows = await db
    .select({ status: questCounts.status, value: sql<number>`sum(${questCounts.total})::integer` })
    .from(questCounts)
    .groupBy(questCounts.status);
  const of = (status: QuestStatus) => rows.find((row) => row.status === status)?.value ?? 0;
  return { pending: of('pending'), approved: of('approved'), rejected: of('rejected') };
}

export async function listQuests(
  db: Db,
  filter: QuestFilter,
  sort: QuestSort,
  page: Page,
): Promise<{ rows: QuestWithCreator[]; total: CappedTotal }> {
  if (sort === 'relevance' && filter.text) {
    const { ids, total } = await rankedSearchPage(db, { ...filter, text: filter.text }, page);
    const found = new Map((await findQuestsWithCreator(db, ids)).map((row) => [row.quest.id, row]));
    return { rows: ids.flatMap((id) => found.get(id) ?? []), total };
  }
  const [rows, total] = await Promise.all([
    listQuestsQuery(db, filter, sort, page),
    countQuests(db, filter, page),
  ]);
  return { rows, total };
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

/** A quest's photo URLs, cover first, as a column of a select over `quests`. */
const photosColumn = sql<string[]>`(
  select coalesce(json_agg(${questFiles.url} order by ${questFiles.position}), '[]'::json)
  from ${questFiles} where ${questFiles.questId} = ${quests.id}
)`;

export type QuestWithPhotos = QuestWithCreator & { files: string[] };

/**
 * The newest quests (up to the placeholder `limit`) of a select over `quests` that the placeholder `userId` may
 * be recommended: approved, neither created nor started by them. `where` narrows the category.
 */
function newestRecommendable(db: Db, where: SQL) {
  const userId = sql.placeholder('userId');
  return db
    .select({ id: quests.id, category: quests.category, createdAt: quests.createdAt })
    .from(quests)
    .where(
      and(
        eq(quests.status, 'approved'),
        where,
        sql`${quests.createdBy} is distinct from ${userId}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(questProgress)
            .where(and(eq(questProgress.userId, userId), eq(questProgress.questId, quests.id))),
        ),
      ),
    )
    .orderBy(desc(quests.createdAt), desc(quests.id))
    .limit(sql.placeholder('limit'));
}

/**
 * Up to `limit` approved quests the user neither started nor created: first those of the categories they play
 * most (a started quest weighs 1, a completed one 2; ties by category name), then any other, newest first within
 * each category. One statement.
 *
 * The weight comes from the user's records, so no index gives the final order: sorting every approved quest by
 * it would read them all. Instead each played category, and all the unplayed ones together, give only their
 * newest `limit` candidates, read newest first from an index on created_at and stopped by the limit; those few
 * narrow rows are ranked, and only the chosen ones are joined to their quest, creator and photos.
 */
export async function recommendedQuestsFor(
  db: Db,
  userId: string,
  limit: number,
): Promise<QuestWithPhotos[]> {
  return prepared(db, 'recommended-quests', () => recommendedQuestsQuery(db)).execute({ userId, limit });
}

/** `recommendedQuestsFor`'s statement, its user and limit left as placeholders. */
function recommendedQuestsQuery(db: Db) {
  const userId = sql.placeholder('userId');
  const limit = sql.placeholder('limit');
  const played = db.$with('played').as(
    db
      .select({
        category: quests.category,
        weight: sql<number | null>`sum(case when ${questProgress.status} = 'completed' then 2 else 1 end)`.as(
          'weight',
        ),
      })
      .from(questProgress)
      .innerJoin(quests, eq(quests.id, questProgress.questId))
      .where(eq(questProgress.userId, userId))
      .groupBy(quests.category),
  );
  const ofPlayed = newestRecommendable(db, eq(quests.category, played.category)).as('of_played');
  const unplayed = newestRecommendable(
    db,
    sql`${quests.category} not in (select ${played.category} from ${played})`,
  ).as('unplayed');
  const candidates = db
    .select({
      id: ofPlayed.id,
      category: ofPlayed.category,
      createdAt: ofPlayed.createdAt,
      weight: played.weight,
    })
    .from(played)
    .crossJoinLateral(ofPlayed)
    .unionAll(
      db
        .select({
          id: unplayed.id,
          category: unplayed.category,
          createdAt: unplayed.createdAt,
          weight: sql<number | null>`null::bigint`.as('weight'),
        })
        .from(unplayed),
    )
    .as('candidates');
  const byRank = (row: Record<'id' | 'category' | 'createdAt' | 'weight', Parameters<typeof desc>[0]>) => [
    sql`${row.weight} desc nulls last`,
    sql`case when ${row.weight} is null then null else ${row.category} end asc nulls last`,
    desc(row.createdAt),
    desc(row.id),
  ];
  const chosen = db
    .select({
      id: candidates.id,
      category: candidates.category,
      createdAt: candidates.createdAt,
      weight: candidates.weight,
    })
    .from(candidates)
    .orderBy(...byRank(candidates))
    .limit(limit)
    .as('chosen');
  return db
    .with(played)
    .select({ quest: questColumns, creator: creatorColumns, files: photosColumn })
    .from(chosen)
    .innerJoin(quests, eq(quests.id, chosen.id))
    .leftJoin(users, eq(users.id, quests.createdBy))
    .orderBy(...byRank(chosen))
    .prepare('recommended_quests');
}

/**
 * The newest quests a user created (any status) with their photos and participants, and how many they created
 * in all: one statement.
 */
export async function createdQuestsWithTotal(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: (QuestWithPhotos & { participants: number })[]; total: number }> {
  const rows = await prepared(db, 'created-quests', () => createdQuestsQuery(db)).execute({ userId, limit });
  return {
    rows: rows.map(({ creator, files, participants, total: _total, ...quest }) => ({
      quest,
      creator,
      files: files.map((file) => file.url),
      participants,
    })),
    total: rows[0]?.total ?? 0,
  };
}

function createdQuestsQuery(db: Db) {
  return db.query.quests
    .findMany({
      columns: { search: false },
      where: eq(quests.createdBy, sql.placeholder('userId')),
      orderBy: [desc(quests.createdAt), desc(quests.id)],
      limit: sql.placeholder('limit'),
      extras: (quest) => ({
        // Spelled out: the relational query writes every column of its extras as one of the root table's.
        participants: sql<number>`(
        select count(*) from ${questProgress} as record where record.quest_id = ${quest.id}
      )`
          .mapWith(Number)
          .as('participants'),
        // Not a window count, which would build every quest's relations before the limit: an index count, once.
        total: sql<number>`(
          select count(*) from ${quests} as counted where counted.created_by = ${sql.placeholder('userId')}
        )`
          .mapWith(Number)
          .as('total'),
      }),
      with: {
        creator: { columns: { id: true, username: true, fullName: true, avatarUrl: true } },
        files: { columns: { url: true }, orderBy: [asc(questFiles.position)] },
      },
    })
    .prepare('created_quests');
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
  /** Null for a visitor without an account: no progress. */
  viewerId: string | null,
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
        where: viewerId === null ? sql`false` : eq(questProgress.userId, viewerId),
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

/** The viewer's own record on a quest, with the state of its proofs (a quest page's one per-viewer part). */
export async function viewerProgressOf(
  db: Db,
  questId: string,
  viewerId: string,
): Promise<ViewerProgress | undefined> {
  const query = prepared(db, 'viewer-progress', () =>
    db.query.questProgress
      .findFirst({
        where: and(
          eq(questProgress.questId, sql.placeholder('questId')),
          eq(questProgress.userId, sql.placeholder('viewerId')),
        ),
        with: { proofs: { columns: { taskOrder: true, status: true } } },
      })
      .prepare('viewer_progress'),
  );
  return query.execute({ questId, viewerId });
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

export type QuestPreview = { id: string; title: string; description: string; cover: string | null };

/** An approved quest as a link preview shows it (title, description, cover photo), or undefined. */
export async function approvedQuestPreview(db: Db, id: string): Promise<QuestPreview | undefined> {
  const [row] = await db
    .select({
      id: quests.id,
      title: quests.title,
      description: quests.description,
      // Spelled out: drizzle leaves the columns of a one-table select unqualified, and "id" here would be the file's.
      cover: sql<string | null>`(
        select cover.url from quest_files as cover
        where cover.quest_id = quests.id order by cover.position limit 1
      )`,
    })
    .from(quests)
    .where(and(eq(quests.id, id), eq(quests.status, 'approved')))
    .limit(1);
  return row;
}

/** A window of approved quests, newest first, with their last change: the sitemap's entries. */
export function approvedQuestLinks(
  db: Db,
  window: { limit: number; offset: number },
): Promise<{ id: string; updatedAt: Date }[]> {
  const pageIds = db
    .select({ id: quests.id })
    .from(quests)
    .where(eq(quests.status, 'approved'))
    .orderBy(desc(quests.createdAt), desc(quests.id))
    .limit(window.limit)
    .offset(window.offset);
  return db
    .select({ id: quests.id, updatedAt: quests.updatedAt })
    .from(quests)
    .where(inArray(quests.id, pageIds))
    .orderBy(desc(quests.createdAt), desc(quests.id));
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
