import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/pagination.ts';
import { joinableUsers } from '../users/index.ts';
import { type ReportType, reports } from './tables/support.tables.ts';

const reporter = joinableUsers('reporter');
const resolver = joinableUsers('resolver');

function selectReports(db: Db) {
  return db
    .select({
      report: reports,
      reporter: {
        id: reporter.id,
        username: reporter.username,
        fullName: reporter.fullName,
        avatarUrl: reporter.avatarUrl,
      },
      resolver: { id: resolver.id, username: resolver.username, role: resolver.role },
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy));
}

export type ReportWithPeople = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

/** A page of reports, newest first (served by the status, type, date index), and how many match. */
export async function listReports(
  db: Db,
  filter: { status: 'open' | 'resolved' | 'all'; type?: ReportType },
  page: Page,
): Promise<{ rows: ReportWithPeople[]; total: number }> {
  const where = and(
    filter.status === 'all' ? undefined : eq(reports.status, filter.status),
    filter.type ? eq(reports.type, filter.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectReports(db)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(reports).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findReport(db: Db, id: string): Promise<ReportWithPeople | undefined> {
  const [row] = await selectReports(db).where(eq(reports.id, id));
  return row;
}

/** The report's row, locked until the caller's transaction ends. */
export async function lockReport(db: Db, id: string) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

export async function updateReport(db: Db, id: string, changes: Partial<typeof reports.$inferInsert>) {
  await db.update(reports).set(changes).where(eq(reports.id, id));
}

/** A new report (a contact message, feedback or a bug report); answers its id. */
export async function insertReport(db: Db, values: typeof reports.$inferInsert) {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row;
}
