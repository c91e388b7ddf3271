import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The leaderboard domain's tables: xp per board and the rank counts kept by triggers.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */

/**
 * The xp each explorer earned on the leaderboards that users.xp does not answer (docs/product-rules/
 * leaderboards.md): `period` is 'all' or the Monday of a UTC week (yyyy-mm-dd), `city` a quest's city or ''
 * for every city. Quest completion adds to its rows; `listed` is false while the account is suspended.
 */
export const xpScores = pgTable(
  'xp_scores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    city: text('city').notNull(),
    xp: integer('xp').notNull(),
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period, t.city] }),
    index('xp_scores_board_idx')
      .on(t.period, t.city, t.xp.desc(), t.userId)
      .where(sql`${t.listed} = true and ${t.xp} > 0`),
  ],
);

/**
 * How many ranked explorers each board has at each xp figure, kept by triggers on users and xp_scores (migration
 * 0013): an explorer's rank sums the figures above theirs, reading one row per distinct xp figure rather than one
 * per explorer. The all-time board of everyone is period 'all', city ''.
 */
export const xpRanks = pgTable(
  'xp_ranks',
  {
    period: text('period').notNull(),
    city: text('city').notNull(),
    xp: integer('xp').notNull(),
    explorers: integer('explorers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.city, t.xp] })],
);
