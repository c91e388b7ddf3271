import { relations } from 'drizzle-orm';
import { actionLogCounts, actionLogs } from '../modules/audit/tables/audit.tables.ts';
import {
  authCodes,
  recoveryCodes,
  refreshTokens,
  secondFactorFailures,
  twoFactorSecrets,
} from '../modules/auth/tables/auth.tables.ts';
import { badges, userBadges } from '../modules/badges/tables/badges.tables.ts';
import { friendRequests, userBlocks } from '../modules/friends/tables/friends.tables.ts';
import { geoCache, geoUsage } from '../modules/geo/tables/geo.tables.ts';
import { xpRanks, xpScores } from '../modules/leaderboard/tables/leaderboard.tables.ts';
import { mailOutbox, notifications } from '../modules/notifications/tables/notifications.tables.ts';
import { photoHashes } from '../modules/photo-matching/tables/photo-matching.tables.ts';
import { livePositions, questProgress, taskProofs } from '../modules/progress/tables/progress.tables.ts';
import {
  questCounts,
  questFiles,
  quests,
  questTasks,
  questTips,
} from '../modules/quests/tables/quests.tables.ts';
import { questReviews } from '../modules/reviews/tables/reviews.tables.ts';
import { reports, supportConversations, supportMessages } from '../modules/support/tables/support.tables.ts';
import { users } from '../modules/users/tables/users.tables.ts';
import { devOutbox, quotaEvents } from './platform.tables.ts';

export type { GeoCallType } from '../modules/geo/tables/geo.tables.ts';
export type { ProofStatus } from '../modules/progress/tables/progress.tables.ts';
export type { QuestStatus } from '../modules/quests/tables/quests.tables.ts';
export type { Role } from '../modules/users/tables/users.tables.ts';
export type { Category, Difficulty } from './columns.ts';

/*
 * The database's schema as drizzle's client sees it: every domain's tables (each defined beside its domain, in
 * modules/<domain>/tables/) and the relations between them. The database openers (db/client.ts, db/replicas.ts)
 * take it, and so may the seed, the tests and the read models that count over several domains (insights, the
 * dashboard's repository); a domain imports its own tables file, never this one (.dependency-cruiser.cjs).
 */
export {
  actionLogCounts,
  actionLogs,
  authCodes,
  badges,
  devOutbox,
  friendRequests,
  geoCache,
  geoUsage,
  livePositions,
  mailOutbox,
  notifications,
  photoHashes,
  questCounts,
  questFiles,
  questProgress,
  questReviews,
  quests,
  questTasks,
  questTips,
  quotaEvents,
  recoveryCodes,
  refreshTokens,
  reports,
  secondFactorFailures,
  supportConversations,
  supportMessages,
  taskProofs,
  twoFactorSecrets,
  userBadges,
  userBlocks,
  users,
  xpRanks,
  xpScores,
};

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
