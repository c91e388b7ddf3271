import { asc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GeoCallType, geoUsage } from './tables/geo.tables.ts';

/**
 * Estimated dollars per provider call of the equivalent paid service
 * (docs/product-rules/maps-and-location.md#usage-and-cost):
 * geocoding 0.005, autocomplete start 0.017, and the autocomplete-selection rate 0.032 for directions, as
 * the contract's getApiUsage describes.
 */
export const CALL_COST: Record<GeoCallType, number> = { reverse: 0.005, places: 0.017, directions: 0.032 };

/** Days of usage kept: rows older than this many days before today are deleted when a call is recorded. */
export const USAGE_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a moment in UTC. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

export const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Counts one provider call on its UTC day and drops the days past retention. */
export async function recordCall(db: Db, callType: GeoCallType, now = new Date()): Promise<void> {
  const day = utcDay(now);
  const cost = CALL_COST[callType];
  await db
    .insert(geoUsage)
    .values({ day, callType, calls: 1, cost })
    .onConflictDoUpdate({
      target: [geoUsage.day, geoUsage.callType],
      set: { calls: sql`${geoUsage.calls} + 1`, cost: sql`${geoUsage.cost} + ${cost}` },
    });
  await db.delete(geoUsage).where(lt(geoUsage.day, addDays(day, -USAGE_RETENTION_DAYS)));
}

export type UsageRow = { day: string; callType: GeoCallType; calls: number; cost: number };

export function usageSince(db: Db, firstDay: string): Promise<UsageRow[]> {
  return db
    .select({ day: geoUsage.day, callType: geoUsage.callType, calls: geoUsage.calls, cost: geoUsage.cost })
    .from(geoUsage)
    .where(gte(geoUsage.day, firstDay))
    .orderBy(asc(geoUsage.day));
}
