import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/columns.ts';
import { quests } from '../../quests/tables/quests.tables.ts';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The reviews domain's table.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */

export const questReviews = pgTable(
  'quest_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quest_reviews_quest_user_key').on(t.questId, t.userId),
    index('quest_reviews_quest_created_idx').on(t.questId, t.createdAt),
    index('quest_reviews_user_idx').on(t.userId),
  ],
);
