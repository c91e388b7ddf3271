import type { Schema } from '@cityquest/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/columns.ts';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The support domain's tables: reports (bugs, contact, feedback, content) and support conversations.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */
export type ReportType = Schema<'ReportType'>;
export type ConversationStatus = 'open' | 'closed';

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
