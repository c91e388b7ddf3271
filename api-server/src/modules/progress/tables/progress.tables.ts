import type { Schema } from '@cityquest/contract';
import { sql } from 'drizzle-orm';
import {
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
import type { StoredPhotoMatch } from '../../../db/columns.ts';
import { quests } from '../../quests/tables/quests.tables.ts';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The progress domain's tables: an explorer's progress on a quest, the proofs of its tasks and the live position.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */
export type ProgressStatus = 'ongoing' | 'completed';
export type ProofStatus = 'submitted' | 'approved' | 'rejected';
export type ProofFlag = Schema<'ProofFlag'>;
export type ProofFile = { name: string; size: number; url: string };
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
