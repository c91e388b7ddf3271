import type { Schema } from '@cityquest/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type CategoryXP,
  defaultSettings,
  emptyCategoryXP,
  timestamps,
  type UserSettings,
} from '../../../db/columns.ts';

/**
 * The users domain's table: accounts, their xp and settings.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */
export type Role = Schema<'Role'>;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio').notNull().default(''),
    avatarUrl: text('avatar_url'),
    coverImageUrl: text('cover_image_url'),
    role: text('role').$type<Role>().notNull().default('user'),
    accountVerified: boolean('account_verified').notNull().default(true),
    suspensionReason: text('suspension_reason'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    xp: integer('xp').notNull().default(0),
    categoryXP: jsonb('category_xp').$type<CategoryXP>().notNull().default(emptyCategoryXP),
    currentStreak: integer('current_streak').notNull().default(0),
    lastQuestDay: date('last_quest_day'),
    distanceExploredMeters: doublePrecision('distance_explored_m').notNull().default(0),
    settings: jsonb('settings').$type<UserSettings>().notNull().default(defaultSettings),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    // Unverified accounts expire after 7 days; registration purges them
    // (docs/product-rules/accounts-and-security.md#sign-up).
    index('users_unverified_created_idx').on(t.createdAt).where(sql`${t.isEmailVerified} = false`),
    // Active users (the admin dashboard and analytics) are the accounts not suspended: counted from this alone.
    index('users_active_last_active_idx').on(t.lastActiveAt).where(sql`${t.accountVerified} = true`),
    // The all-time leaderboard walks this in order and counts the explorers above one (modules/leaderboard).
    index('users_leaderboard_idx')
      .on(t.xp.desc(), t.id)
      .where(sql`${t.xp} > 0 and ${t.accountVerified} = true`),
    // The admin user search also matches anywhere in the email.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // Explorer search matches anywhere in the username or full name (pg_trgm, created by the migration).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.username} || ' ' || lower(${t.fullName})) gin_trgm_ops`,
    ),
  ],
);
