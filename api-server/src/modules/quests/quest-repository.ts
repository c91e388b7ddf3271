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
  type SQL,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Category, Difficulty } from '../../db/columns.ts';
import type { questReviews } from '../../db/schema.ts';
import { type CappedTotal, COUNT_WINDOW, countCapOf, countUpTo, type Page } from '../../lib/pagination.ts';
import { joinableUsers } from '../users/index.ts';
import {
  type QuestStatus,
  questCounts,
  questFiles,
  quests,
  questTasks,
  type questTips,
} from './tables/quests.tables.ts';

const { search: _search, ...columns } = getTableColumns(quests);
/** A quest's columns but its search vector (derived from its text, for the index only). */
export const questColumns = columns;

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

/** Creators as quests join them (the users domain's accounts, under the alias `users`). */
export const creators = joinableUsers('users');

export const creatorColumns = {
  id: creators.id,
  username: creators.username,
  fullName: creators.fullName,
  avatarUrl: creators.avatarUrl,
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
    .leftJoin(creators, eq(creators.id, quests.createdBy));

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

/**
 * A quest as other domains' lists show it, for a relational query's `with` (a progress record's quest): its row,
 * creator, photos (cover first) and task ids in order.
 */
export const questAsListed = {
  columns: { search: false as const },
  with: {
    creator: { columns: { id: true, username: true, fullName: true, avatarUrl: true } as const },
    files: { columns: { url: true as const }, orderBy: [asc(questFiles.position)] },
    tasks: { columns: { id: true as const }, orderBy: [asc(questTasks.order)] },
  },
};

/**
 * Quests as other domains join them (a record's quest, a quest being started), under the alias `name`: a
 * subquery PostgreSQL flattens into the join, as users' joinableUsers.
 */
export function joinableQuests<Name extends string>(name: Name) {
  return new QueryBuilder().select(questColumns).from(quests).as(name);
}

/** How many quests the account created (only the approved ones, with `approvedOnly`). */
export async function createdQuestCount(
  db: Db,
  userId: string,
  options: { approvedOnly: boolean },
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(quests)
    .where(
      and(eq(quests.createdBy, userId), options.approvedOnly ? eq(quests.status, 'approved') : undefined),
    );
  return row?.value ?? 0;
}

/** How many quests each of a page of users created: one grouped query on an indexed column. */
export async function createdCountsOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: quests.createdBy, value: count() })
    .from(quests)
    .where(inArray(quests.createdBy, [...userIds]))
    .groupBy(quests.createdBy);
  return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.value] as const] : [])));
}

/** The number of tasks of each quest. */
export async function taskCountsOf(db: Db, questIds: string[]): Promise<Map<string, number>> {
  if (!questIds.length) return new Map();
  const rows = await db
    .select({ questId: questTasks.questId, value: count() })
    .from(questTasks)
    .where(inArray(questTasks.questId, questIds))
    .groupBy(questTasks.questId);
  return new Map(rows.map((row) => [row.questId, row.value]));
}
