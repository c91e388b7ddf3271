import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Tables of the request plumbing, not of a domain: the development mail outbox (plugins/mail.ts, read by
 * system/dev-outbox-repository.ts) and the quota events (plugins/quota-events.ts).
 */

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

/**
 * What the quotas count (plugins/quotas.ts): one row per accepted quest, proof, bug report or contact message,
 * written beside it and never deleted with it, so deleting a quest or abandoning a quest gives no quota back.
 * Rows older than the longest window are purged as new ones arrive.
 */
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
