import type { Schema } from '@cityquest/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type Category, type Difficulty, timestamps } from '../../../db/columns.ts';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The quests domain's tables: a quest, its photos, tasks and tips, and the counts kept by triggers.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */
export type QuestStatus = Schema<'QuestStatus'>;
export type Waypoint = { lat: number; lng: number; name: string; address?: string };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const quests = pgTable(
  'quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull(),
    category: text('category').$type<Category>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    status: text('status').$type<QuestStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /** The creator's suggestion; the awarded xp is `xp`, set by the server and admins. */
    suggestedXp: integer('suggested_xp').notNull().default(0),
    xp: integer('xp').notNull(),
    estimatedTime: text('estimated_time').notNull().default('30-45 mins'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    pincode: text('pincode').notNull(),
    type: text('type').notNull().default('Solo Adventure'),
    proofInstructions: text('proof_instructions').notNull().default(''),
    /** The creator's notes on step-free access, surfaces and rest (docs/product-rules/quests.md#field-limits). */
    accessibilityNotes: text('accessibility_notes'),
    /** Route ends: a place name, with its point beside it (null only on rows saved before points were required). */
    startLocation: text('start_location').notNull(),
    startLat: doublePrecision('start_lat'),
    startLng: doublePrecision('start_lng'),
    endLocation: text('end_location').notNull(),
    endLat: doublePrecision('end_lat'),
    endLng: doublePrecision('end_lng'),
    waypoints: jsonb('waypoints').$type<Waypoint[]>().notNull().default([]),
    /** Route centre for "near me" ordering; the first waypoint or the start when it has coordinates. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    featured: boolean('featured').notNull().default(false),
    views: integer('views').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    averageRating: real('average_rating').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    ratingBreakdown: jsonb('rating_breakdown')
      .$type<Record<'1' | '2' | '3' | '4' | '5', number>>()
      .notNull()
      .default({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(city, ''))`,
    ),
    ...timestamps,
  },
  // The list indexes end with the id, the order's last key: a page's ids come from the index alone, however deep
  // the page (quest-repository.ts, listQuestsQuery).
  (t) => [
    index('quests_status_created_idx').on(t.status, t.createdAt, t.id),
    // The admin list shows every status, newest first.
    index('quests_created_idx').on(t.createdAt, t.id),
    index('quests_status_category_created_idx').on(t.status, t.category, t.createdAt, t.id),
    index('quests_status_difficulty_created_idx').on(t.status, t.difficulty, t.createdAt, t.id),
    index('quests_status_popular_idx').on(t.status, t.completions, t.averageRating, t.id),
    index('quests_featured_idx').on(t.featured, t.status),
    index('quests_created_by_idx').on(t.createdBy, t.createdAt),
    index('quests_search_idx').using('gin', t.search),
    // Tags are matched exactly (lowercased) beside the full-text search: array_to_string is not immutable.
    index('quests_tags_idx').using('gin', t.tags),
  ],
);

/**
 * How many quests there are of each status, category and difficulty, kept by triggers on quests (migration
 * 0008): list totals and the moderation counters read these few rows instead of counting every quest.
 */
export const questCounts = pgTable(
  'quest_counts',
  {
    status: text('status').$type<QuestStatus>().notNull(),
    category: text('category').$type<Category>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.category, t.difficulty] })],
);

export const questFiles = pgTable(
  'quest_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
  },
  (t) => [uniqueIndex('quest_files_quest_position_key').on(t.questId, t.position)],
);

export const questTasks = pgTable(
  'quest_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    /** 1-based, in the order the creator listed the tasks. */
    order: integer('order').notNull(),
    description: text('description').notNull(),
    hint: text('hint'),
  },
  (t) => [uniqueIndex('quest_tasks_quest_order_key').on(t.questId, t.order)],
);

export const questTips = pgTable(
  'quest_tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    tipText: text('tip_text').notNull(),
  },
  (t) => [uniqueIndex('quest_tips_quest_position_key').on(t.questId, t.position)],
);
