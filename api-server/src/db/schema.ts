import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type Role = 'user' | 'admin' | 'super_admin';

export type UserSettings = {
  appPreferences: { language: 'en' | 'es' | 'fr'; theme: 'light' | 'dark' };
  privacy: { profileVisibility: 'public' | 'private'; dataSharing: boolean };
  security: { twoFactorAuth: boolean };
  notifications: { email: boolean; push: boolean };
};

export const defaultSettings: UserSettings = {
  appPreferences: { language: 'en', theme: 'light' },
  privacy: { profileVisibility: 'public', dataSharing: false },
  security: { twoFactorAuth: false },
  notifications: { email: true, push: true },
};

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
  ],
);

/** Opaque refresh tokens, stored hashed; one family per sign-in, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export type CodePurpose = 'verify_email' | 'reset_password';

/** Single-use 4-digit codes, stored as keyed hashes, burned after 5 wrong tries. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Mail kept locally when no SMTP_URL is configured (development aid). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_sent_at_idx').on(t.sentAt), index('dev_outbox_to_idx').on(t.to, t.sentAt)],
);
