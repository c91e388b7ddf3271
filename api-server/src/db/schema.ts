import type { Schema } from '@cityquest/contract';
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type Role = 'user' | 'admin' | 'super_admin';
/** The contract's enums; the columns are text typed with them (no pgEnum), so openapi.yaml is their one source. */
export type Category = Schema<'Category'>;
export type Difficulty = Schema<'Difficulty'>;
export type QuestStatus = 'pending' | 'approved' | 'rejected';
export type CategoryXP = Record<Category, number>;

export const emptyCategoryXP: CategoryXP = {
  Art: 0,
  Food: 0,
  History: 0,
  Culture: 0,
  Adventure: 0,
  HiddenGems: 0,
};

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type UserSettings = {
  appPreferences: { language: 'en' | 'es' | 'fr'; theme: 'light' | 'dark' };
  privacy: { profileVisibility: 'public' | 'private'; dataSharing: boolean; shareLivePosition: boolean };
  security: { twoFactorAuth: boolean };
  notifications: Schema<'NotificationSettings'>;
};

export const defaultSettings: UserSettings = {
  appPreferences: { language: 'en', theme: 'light' },
  privacy: { profileVisibility: 'public', dataSharing: false, shareLivePosition: false },
  security: { twoFactorAuth: false },
  // docs/product-rules/social.md#notification-preferences
  notifications: {
    email: true,
    friendRequests: { inApp: true, email: true },
    questModeration: { inApp: true, email: true },
    proofDecisions: { inApp: true, email: true },
    badgesAndLevels: { inApp: true, email: false },
  },
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
    // Unverified accounts expire after 7 days; registration purges them (README, Security).
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
    /** When the session (the family) began: its absolute lifetime and the step-up window count from here. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether the session was proved with a second factor, which admin powers may require. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export type CodePurpose = 'verify_email' | 'reset_password';

/** Single-use codes (4 digits to verify an email, 8 symbols to reset a password), stored as keyed hashes. */
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

/**
 * Wrong second-factor codes of an account in a row, counted only after the password was proved; from the fifth,
 * each further try waits longer after the last (docs/product-rules/accounts-and-security.md#two-factor-sign-in).
 */
export const secondFactorFailures = pgTable('second_factor_failures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's authenticator secret (sealed with a key derived from JWT_SECRET). A row without `enabledAt` is a
 * setup waiting for its first code; `lastUsedStep` is the newest 30-second step a code was accepted for, so each
 * code signs in once (RFC 6238 section 5.2).
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a two-factor account, stored as keyed hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
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

export type Waypoint = { lat: number; lng: number; name: string; address?: string };
export type ProofFile = { name: string; size: number; url: string };

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

export type ProgressStatus = 'ongoing' | 'completed';

export const questProgress = pgTable(
  'quest_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ProgressStatus>().notNull().default('ongoing'),
    notes: text('notes').notNull().default(''),
    xpAwarded: integer('xp_awarded').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quest_progress_user_quest_key').on(t.userId, t.questId),
    index('quest_progress_user_status_idx').on(t.userId, t.status, t.startedAt),
    index('quest_progress_quest_idx').on(t.questId),
    // Analytics count completions in a timeframe.
    index('quest_progress_completed_idx').on(t.status, t.completedAt),
  ],
);

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

export type ProofStatus = 'submitted' | 'approved' | 'rejected';
export type ProofFlag = Schema<'ProofFlag'>;
/** A near copy found when a proof arrived; ids and the storage path, resolved and signed when shown. */
export type StoredPhotoMatch = {
  kind: Schema<'PhotoMatch'>['kind'];
  photoIndex: number;
  distance: number;
  imagePath: string;
  questId: string;
  taskOrder: number | null;
  userId: string | null;
  progressId: string | null;
};
/** What the server found when a proof arrived (docs/product-rules/moderation.md#proof-evidence). */
export type StoredEvidence = {
  stop: Schema<'ProofStop'> | null;
  /** Absent from evidence gathered before live positions were shared. */
  tracking?: Schema<'TrackedPosition'> | null;
  distanceToStopMeters: number | null;
  timing: Schema<'ProofEvidence'>['timing'];
  missing: Schema<'ProofEvidence'>['missing'];
  matches: StoredPhotoMatch[];
};

export const taskProofs = pgTable(
  'task_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    progressId: uuid('progress_id')
      .notNull()
      .references(() => questProgress.id, { onDelete: 'cascade' }),
    taskOrder: integer('task_order').notNull(),
    status: text('status').$type<ProofStatus>().notNull().default('submitted'),
    notes: text('notes').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    files: jsonb('files').$type<ProofFile[]>().notNull().default([]),
    /** Found in the photo before its metadata was stripped; shown to moderators only. */
    photoLat: doublePrecision('photo_lat'),
    photoLng: doublePrecision('photo_lng'),
    photoTakenAt: timestamp('photo_taken_at', { withTimezone: true }),
    feedback: text('feedback'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Null for proofs sent before evidence was gathered. */
    evidence: jsonb('evidence').$type<StoredEvidence>(),
    flags: text('flags').array().$type<ProofFlag[]>().notNull().default(sql`'{}'::text[]`),
    /** The moderator reviewing it, until `claimExpiresAt`. */
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    /**
     * The client's Idempotency-Key and a digest of what it sent, so that a retry is answered without storing
     * the proof again (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
     */
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest'),
  },
  (t) => [
    uniqueIndex('task_proofs_progress_order_key').on(t.progressId, t.taskOrder),
    index('task_proofs_idempotency_key_idx').on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('task_proofs_claimed_by_idx').on(t.claimedBy),
    index('task_proofs_status_submitted_idx').on(t.status, t.submittedAt),
    // The proof queue's total counts its records from this index alone, stopping at its cap.
    index('task_proofs_waiting_progress_idx').on(t.progressId).where(sql`${t.status} = 'submitted'`),
    index('task_proofs_reviewed_by_idx').on(t.reviewedBy),
  ],
);

/**
 * The latest live-tracking position of a quest in progress, kept only for explorers who share it with moderators
 * and never longer than 30 days (docs/product-rules/moderation.md#proof-evidence).
 */
export const livePositions = pgTable(
  'live_positions',
  {
    progressId: uuid('progress_id')
      .primaryKey()
      .references(() => questProgress.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_positions_recorded_at_idx').on(t.recordedAt)],
);

/**
 * Perceptual hashes of proof and quest photos, one row per hashed view of a photo (the whole picture and its
 * 95% crops), so near copies are found through the 16-bit bands' indexes
 * (docs/product-rules/moderation.md#duplicate-photos).
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    band0: integer('band0').notNull(),
    band1: integer('band1').notNull(),
    band2: integer('band2').notNull(),
    band3: integer('band3').notNull(),
    imagePath: text('image_path').notNull(),
    photoIndex: integer('photo_index').notNull(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    /** Null for a quest photo. */
    proofId: uuid('proof_id').references(() => taskProofs.id, { onDelete: 'cascade' }),
    progressId: uuid('progress_id').references(() => questProgress.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    taskOrder: integer('task_order'),
  },
  (t) => [
    index('photo_hashes_band0_idx').on(t.band0),
    index('photo_hashes_band1_idx').on(t.band1),
    index('photo_hashes_band2_idx').on(t.band2),
    index('photo_hashes_band3_idx').on(t.band3),
    index('photo_hashes_proof_idx').on(t.proofId),
    index('photo_hashes_quest_idx').on(t.questId),
    index('photo_hashes_progress_idx').on(t.progressId),
    index('photo_hashes_user_idx').on(t.userId),
  ],
);

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

export type FriendRequestStatus = 'pending' | 'accepted' | 'declined';

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<FriendRequestStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friend_requests_pair_key').on(t.fromUserId, t.toUserId),
    index('friend_requests_to_status_idx').on(t.toUserId, t.status),
    index('friend_requests_from_status_idx').on(t.fromUserId, t.status),
  ],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId, t.read),
  ],
);

/**
 * Notification mail waiting to be sent, written in the transaction that notifies (so a rolled-back change mails
 * nothing) and sent after it commits. A sender leases rows (`nextAttemptAt` moved ahead) with SKIP LOCKED, so
 * instances never send one twice at once, and a row whose sender died is sent again once its lease ends.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<Schema<'NotificationKind'>>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

export const actionLogs = pgTable(
  'action_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    reason: text('reason'),
    result: text('result').$type<'success' | 'failure'>().notNull().default('success'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Each ends with the id, the order's last key: a page's ids come from the index alone (audit/action-log.ts).
  (t) => [
    index('action_logs_created_idx').on(t.createdAt, t.id),
    index('action_logs_type_created_idx').on(t.actionType, t.createdAt, t.id),
    index('action_logs_admin_created_idx').on(t.adminId, t.createdAt, t.id),
  ],
);

/**
 * How many log entries each admin has of each action type, kept by triggers on action_logs (migration 0010), so
 * the log's totals are a sum of a few rows. An entry whose admin account is gone counts under the nil uuid.
 */
export const actionLogCounts = pgTable(
  'action_log_counts',
  {
    actionType: text('action_type').notNull(),
    adminKey: uuid('admin_key').notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.actionType, t.adminKey] })],
);

export type ReportType = Schema<'ReportType'>;

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<ReportType>().notNull(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Schema<'ReportDetails'>>().notNull().default({}),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionAction: text('resolution_action'),
    resolutionReason: text('resolution_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The sender's address (an IPv6 sender's /64 network), as the per-address daily quotas count it. */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_type_created_idx').on(t.status, t.type, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_resolved_by_idx').on(t.resolvedBy),
  ],
);

/**
 * What the quotas count (plugins/quotas.ts): one row per accepted quest, proof, bug report or contact message,
 * written beside it and never deleted with it, so deleting a quest or abandoning a quest gives no quota back.
 * Rows older than the longest window are purged as new ones arrive.
 */
export type ConversationStatus = 'open' | 'closed';

/** An explorer's conversation with the support team (docs/product-rules/social.md#support-conversations). */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ConversationStatus>().notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // One open conversation per explorer: a second first message at once joins the first one's conversation.
    uniqueIndex('support_conversations_open_key').on(t.userId).where(sql`${t.status} = 'open'`),
    index('support_conversations_user_updated_idx').on(t.userId, t.updatedAt),
    index('support_conversations_status_updated_idx').on(t.status, t.updatedAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromTeam: boolean('from_team').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('support_messages_author_idx').on(t.authorId),
  ],
);

export const quotaEvents = pgTable(
  'quota_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** An `x-quota` name: quest-creations, proof-submissions, bug-reports, contact-messages, feedback, support-messages. */
    kind: text('kind').notNull(),
    /** The account id, or the client address (an IPv6 client's /64 network) for the per-address quotas. */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quota_events_kind_subject_created_idx').on(t.kind, t.subject, t.createdAt),
    index('quota_events_created_idx').on(t.createdAt),
  ],
);

export type GeoCallType = 'reverse' | 'places' | 'directions';

/** Answers of the geo providers, shared by every API instance. */
export const geoCache = pgTable(
  'geo_cache',
  {
    kind: text('kind').$type<GeoCallType>().notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    /** Whose lookup stored the entry: each account holds only a share of the cache. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('geo_cache_kind_created_idx').on(t.kind, t.createdAt),
    index('geo_cache_kind_owner_created_idx').on(t.kind, t.ownerId, t.createdAt),
  ],
);

export const geoUsage = pgTable(
  'geo_usage',
  {
    day: date('day').notNull(),
    callType: text('call_type').$type<GeoCallType>().notNull(),
    calls: integer('calls').notNull().default(0),
    cost: numeric('cost', { precision: 12, scale: 4, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.callType] })],
);

/*
 * Relations for drizzle's relational queries: a quest page loads its parts (photos, tasks, tips, latest reviews with
 * their authors, the caller's progress with its proofs), and a list of progress records its quests, in one statement
 * instead of one per part.
 */
export const questsRelations = relations(quests, ({ one, many }) => ({
  creator: one(users, { fields: [quests.createdBy], references: [users.id] }),
  files: many(questFiles),
  tasks: many(questTasks),
  tips: many(questTips),
  reviews: many(questReviews),
  progress: many(questProgress),
}));
export const questFilesRelations = relations(questFiles, ({ one }) => ({
  quest: one(quests, { fields: [questFiles.questId], references: [quests.id] }),
}));
export const questTasksRelations = relations(questTasks, ({ one }) => ({
  quest: one(quests, { fields: [questTasks.questId], references: [quests.id] }),
}));
export const questTipsRelations = relations(questTips, ({ one }) => ({
  quest: one(quests, { fields: [questTips.questId], references: [quests.id] }),
}));
export const questReviewsRelations = relations(questReviews, ({ one }) => ({
  quest: one(quests, { fields: [questReviews.questId], references: [quests.id] }),
  author: one(users, { fields: [questReviews.userId], references: [users.id] }),
}));
export const questProgressRelations = relations(questProgress, ({ one, many }) => ({
  quest: one(quests, { fields: [questProgress.questId], references: [quests.id] }),
  proofs: many(taskProofs),
}));
export const taskProofsRelations = relations(taskProofs, ({ one }) => ({
  progress: one(questProgress, { fields: [taskProofs.progressId], references: [questProgress.id] }),
}));
