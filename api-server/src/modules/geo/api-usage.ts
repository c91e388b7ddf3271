import type { Schema } from '@cityquest/contract';
import type { Db } from '../../db/client.ts';
import { addDays, usageSince, utcDay } from './usage-repository.ts';

export type ApiUsage = Schema<'ApiUsage'>;

/**
 * Under 1 dollar low, under 5 medium, otherwise high
 * (docs/product-rules/maps-and-location.md#usage-and-cost).
 */
export const costLevel = (cost: number): ApiUsage['level'] =>
  cost < 1 ? 'low' : cost < 5 ? 'medium' : 'high';
export const MONTHLY_WARNING_DOLLARS = 10;

// Costs are sums of 0.005-dollar steps; four decimals keep float noise out of the answer.
const dollars = (value: number) => Math.round(value * 10_000) / 10_000;

/** The last `days` UTC days (today included, days without calls too), their totals and this month's cost. */
export async function apiUsage(db: Db, days: number, now = new Date()): Promise<ApiUsage> {
  const today = utcDay(now);
  const firstDay = addDays(today, 1 - days);
  const monthStart = `${today.slice(0, 7)}-01`;
  const rows = await usageSince(db, firstDay < monthStart ? firstDay : monthStart);

  const byDay = new Map<string, ApiUsage['days'][number]>();
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(firstDay, offset);
    byDay.set(date, { date, calls: { reverse: 0, places: 0, directions: 0 }, cost: 0 });
  }
  let monthly = 0;
  for (const row of rows) {
    if (row.day >= monthStart) monthly += row.cost;
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.calls[row.callType] += row.calls;
    entry.cost += row.cost;
  }
  const list = [...byDay.values()].map((entry) => ({ ...entry, cost: dollars(entry.cost) }));
  const calls = list.reduce(
    (sum, day) => sum + day.calls.reverse + day.calls.places + day.calls.directions,
    0,
  );
  const cost = dollars(list.reduce((sum, day) => sum + day.cost, 0));
  const monthlyCost = dollars(monthly);
  return {
    days: list,
    totals: { calls, cost },
    monthly: { cost: monthlyCost, warning: monthlyCost > MONTHLY_WARNING_DOLLARS },
    level: costLevel(cost),
  };
}
