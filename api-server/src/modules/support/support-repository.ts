import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ReportType, reports } from '../../db/schema.ts';

/** When the reports of one type sent from an address since `since` arrived, newest first, at most `limit`. */
export async function reportTimesFrom(
  db: Db,
  type: ReportType,
  clientAddress: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ at: reports.createdAt })
    .from(reports)
    .where(
      and(eq(reports.clientAddress, clientAddress), eq(reports.type, type), gt(reports.createdAt, since)),
    )
    .orderBy(desc(reports.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}
