import type { Schema } from '@cityquest/contract';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Category } from '../../../db/columns.ts';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The badges domain's tables: the badge catalogue and the badges each explorer earned.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */
export type BadgeTier = Schema<'BadgeTier'>;

export const badges = pgTable(
  'badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 1 to 30 for the catalogue; admin-created badges continue the numbering. */
    badgeNumber: integer('badge_number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    category: text('category').$type<Category>().notNull(),
    // Null for a badge an admin created without a tier; the catalogue's all have one.
    tier: text('tier').$type<BadgeTier>(),
    xpRequired: integer('xp_required').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('badges_number_key').on(t.badgeNumber),
    index('badges_category_idx').on(t.category, t.xpRequired),
  ],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
    awardedBy: uuid('awarded_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.badgeId] }),
    index('user_badges_user_earned_idx').on(t.userId, t.earnedAt),
    index('user_badges_awarded_by_idx').on(t.awardedBy),
  ],
);
