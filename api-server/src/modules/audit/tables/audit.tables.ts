import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The audit domain's tables: the admin action log and its counts kept by triggers.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */

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
  // Each ends with the id, the order's last key: a page's ids come from the index alone (audit/action-log-repository.ts).
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
