import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../users/tables/users.tables.ts';

/**
 * The geo domain's tables: the shared cache of provider answers and the daily usage.
 * Its repository files read and write them; other domains go through its index (.dependency-cruiser.cjs).
 */
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
