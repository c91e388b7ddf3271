import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { questProgress, taskProofs } from '../../progress/tables/progress.tables.ts';
import { quests } from '../../quests/tables/quests.tables.ts';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The photo-matching domain's table: perceptual hashes of quest and proof photos.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */

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
