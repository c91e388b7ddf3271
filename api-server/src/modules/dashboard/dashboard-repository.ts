import { and, desc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../db/client.ts';
import { questFiles, questProgress, quests } from '../../db/schema.ts';
import { creatorColumns, creators, type QuestWithCreator, questColumns } from '../quests/index.ts';

/*
 * The dashboard's quest lists, a read model above quests and progress: they filter and count quests by explorers'
 * records in one statement each, so they read both domains' tables (.dependency-cruiser.cjs,
 * tables-owned-by-their-domain).
 */

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
    .leftJoin(creators, eq(creators.id, quests.createdBy))
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
        files: { columns: { url: true }, orderBy: (files, order) => [order.asc(files.position)] },
      },
    })
    .prepare('created_quests');
}
