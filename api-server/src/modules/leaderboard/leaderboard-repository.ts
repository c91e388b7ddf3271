import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { friendIdsOf, isFriendOf, noBlockBetween } from '../friends/index.ts';
import { joinableUsers } from '../users/index.ts';
import { ALL_TIME, type Board, boardsOfCompletion, EVERY_CITY } from './boards.ts';
import { xpRanks, xpScores } from './tables/leaderboard.tables.ts';

export const TOP_ENTRIES = 50;
export const MAX_CITIES = 20;

export type Scored = { userId: string; xp: number };
export type Ranked = Scored & { rank: number };

const accounts = joinableUsers('users');
const people = joinableUsers('person');

/**
 * The board's rows as (user_id, xp), ranked explorers only. Both sources match a partial index whose order is
 * (xp desc nulls last, id), so the first rows are read from the index alone.
 */
function rowsOfBoard(board: Board) {
  if (board.source === 'users') {
    return sql`select ${accounts.id} as user_id, ${accounts.xp} as xp from ${accounts}
      where ${accounts.xp} > 0 and ${accounts.accountVerified} = true`;
  }
  return sql`select ${xpScores.userId} as user_id, ${xpScores.xp} as xp from ${xpScores}
    where ${xpScores.period} = ${board.period} and ${xpScores.city} = ${board.city}
      and ${xpScores.listed} = true and ${xpScores.xp} > 0`;
}

const scoredOf = (row: { user_id: string; xp: number | string }): Scored => ({
  userId: row.user_id,
  xp: Number(row.xp),
});

/** The first `TOP_ENTRIES` of a board, most xp first, ties by id. */
export async function topOf(db: Db, board: Board): Promise<Scored[]> {
  const rows = rowsOf<{ user_id: string; xp: number }>(
    await db.execute(sql`select user_id, xp from (${rowsOfBoard(board)}) as board
      order by xp desc nulls last, user_id limit ${TOP_ENTRIES}`),
  );
  return rows.map(scoredOf);
}

/** Where a board's explorers are counted per xp figure in xp_ranks. */
function rankKeyOf(board: Board): { period: string; city: string } {
  return board.source === 'users' ? { period: ALL_TIME, city: EVERY_CITY } : board;
}

/**
 * One explorer's xp on a board, and their rank: one more than the explorers with more xp, summed from xp_ranks
 * (one row per xp figure above theirs, however many explorers hold it).
 */
export async function rankOf(db: Db, board: Board, userId: string): Promise<Ranked | null> {
  const key = rankKeyOf(board);
  const [row] = rowsOf<{ user_id: string; xp: number; above: number | string }>(
    await db.execute(sql`select mine.user_id, mine.xp,
        (select coalesce(sum(${xpRanks.explorers}), 0) from ${xpRanks}
          where ${xpRanks.period} = ${key.period} and ${xpRanks.city} = ${key.city} and ${xpRanks.xp} > mine.xp) as above
      from (${rowsOfBoard(board)}) as mine where mine.user_id = ${userId}`),
  );
  return row ? { ...scoredOf(row), rank: Number(row.above) + 1 } : null;
}

/**
 * The board among an explorer and their friends: the first `TOP_ENTRIES` and the explorer, ranked within
 * the group, in one statement over the group's rows only.
 */
export async function friendsBoardOf(db: Db, board: Board, userId: string): Promise<Ranked[]> {
  const group = sql`select ${userId}::uuid union all ${friendIdsOf(userId)}`;
  const rows = rowsOf<{ user_id: string; xp: number; rank: number | string }>(
    await db.execute(sql`select user_id, xp, rank from (
        select user_id, xp, rank() over (order by xp desc) as rank,
          row_number() over (order by xp desc, user_id) as position
        from (${rowsOfBoard(board)}) as board where user_id in (${group})
      ) as ranked
      where position <= ${TOP_ENTRIES} or user_id = ${userId}
      order by position`),
  );
  return rows.map((row) => ({ ...scoredOf(row), rank: Number(row.rank) }));
}

export type Person = {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  xp: number;
  /** Shown by name to the viewer: public, or the viewer's own or a friend's, and no block either way. */
  shown: boolean;
};

/** The people of a board as `viewerId` may see them (docs/product-rules/leaderboards.md#privacy). */
export async function peopleOf(db: Db, ids: string[], viewerId: string): Promise<Map<string, Person>> {
  if (!ids.length) return new Map();
  const person = sql.raw('person.id');
  const rows = rowsOf<{
    id: string;
    username: string;
    full_name: string;
    avatar_url: string | null;
    xp: number;
    shown: boolean;
  }>(
    await db.execute(sql`select person.id, person.username, person.full_name, person.avatar_url, person.xp,
        (person.id = ${viewerId} or (
          (coalesce(person.settings->'privacy'->>'profileVisibility', 'public') <> 'private'
            or ${isFriendOf(viewerId, person)})
          and ${noBlockBetween(viewerId, person)})) as shown
      from ${people} where person.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        username: row.username,
        fullName: row.full_name,
        avatarUrl: row.avatar_url,
        xp: Number(row.xp),
        shown: Boolean(row.shown),
      },
    ]),
  );
}

/** The cities where an explorer earned xp, most first. */
export async function citiesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ city: xpScores.city })
    .from(xpScores)
    .where(
      and(eq(xpScores.userId, userId), eq(xpScores.period, ALL_TIME), sql`${xpScores.city} <> ${EVERY_CITY}`),
    )
    .orderBy(sql`${xpScores.xp} desc`, xpScores.city)
    .limit(MAX_CITIES);
  return rows.map((row) => row.city);
}

/** Adds a completion's xp to its boards, in the completion's transaction. */
export async function addCompletion(
  tx: Db,
  completion: { userId: string; city: string; xp: number; at: Date; listed: boolean },
): Promise<void> {
  if (completion.xp <= 0) return;
  await tx
    .insert(xpScores)
    .values(
      boardsOfCompletion(completion.city, completion.at).map((board) => ({
        userId: completion.userId,
        ...board,
        xp: completion.xp,
        listed: completion.listed,
      })),
    )
    .onConflictDoUpdate({
      target: [xpScores.userId, xpScores.period, xpScores.city],
      set: { xp: sql`${xpScores.xp} + excluded.xp`, listed: sql`excluded.listed` },
    });
}

/** Takes a suspended explorer off every board, or puts a reactivated one back. */
export async function setListed(tx: Db, userId: string, listed: boolean): Promise<void> {
  await tx.update(xpScores).set({ listed }).where(eq(xpScores.userId, userId));
}
