import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { levelFor } from '../../lib/levels.ts';
import { toUserSummary } from '../users/index.ts';
import { type Board, boardOf, EVERY_CITY, type Period, type Scope, utcWeekOf } from './boards.ts';
import * as repo from './leaderboard-repository.ts';

type Viewer = { id: string };
type Request = { period: Period; scope: Scope; city?: string };

/** Ranks for the first rows of a board: ties share the rank of the first of them (1, 2, 2, 4). */
function rankedTop(top: repo.Scored[]): repo.Ranked[] {
  return top.map((entry, index) => {
    const first = top.findIndex((other) => other.xp === entry.xp);
    return { ...entry, rank: (first === -1 ? index : first) + 1 };
  });
}

async function rankedRows(
  ctx: AppContext,
  board: Board,
  scope: Scope,
  viewerId: string,
): Promise<{ entries: repo.Ranked[]; me: repo.Ranked | null }> {
  if (scope === 'friends') {
    const rows = await repo.friendsBoardOf(ctx.db, board, viewerId);
    const mine = rows.find((row) => row.userId === viewerId) ?? null;
    return { entries: rows.slice(0, repo.TOP_ENTRIES), me: mine };
  }
  const entries = rankedTop(await repo.topOf(ctx.db, board));
  const me = entries.find((row) => row.userId === viewerId) ?? (await repo.rankOf(ctx.db, board, viewerId));
  return { entries, me };
}

/** A board as the viewer reads it (docs/product-rules/leaderboards.md). */
export async function leaderboard(
  ctx: AppContext,
  viewer: Viewer,
  request: Request,
  now = new Date(),
): Promise<Schema<'Leaderboard'>> {
  const cities = await repo.citiesOf(ctx.db, viewer.id);
  const city = request.scope === 'city' ? (request.city ?? cities[0] ?? null) : null;
  const week = request.period === 'week' ? utcWeekOf(now) : null;
  const base = {
    period: request.period,
    scope: request.scope,
    city,
    startsAt: week ? week.startsAt.toISOString() : null,
    endsAt: week ? week.endsAt.toISOString() : null,
    cities,
  };
  if (request.scope === 'city' && city === null) return { ...base, entries: [], me: null };

  const board = boardOf(request.period, city ?? EVERY_CITY, now);
  const { entries, me } = await rankedRows(ctx, board, request.scope, viewer.id);
  const people = await repo.peopleOf(
    ctx.db,
    [...new Set([...entries, ...(me ? [me] : [])].map((row) => row.userId))],
    viewer.id,
  );
  const entryOf = (row: repo.Ranked): Schema<'LeaderboardEntry'> => {
    const person = people.get(row.userId);
    return {
      rank: row.rank,
      xp: row.xp,
      level: levelFor(person?.xp ?? row.xp).level,
      user: person?.shown ? toUserSummary(person, ctx.files) : null,
      isMe: row.userId === viewer.id,
    };
  };
  return { ...base, entries: entries.map(entryOf), me: me ? entryOf(me) : null };
}
