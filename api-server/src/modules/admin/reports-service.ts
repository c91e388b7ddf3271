import type { Schema } from '@cityquest/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.ts';
import { type ReportType, reports, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { type PageQuery, paginationOf, toPage } from '../../lib/pagination.ts';
import { logAdminAction } from '../audit/index.ts';
import { toUserSummary, type UserRow } from '../users/index.ts';

export const REPORT_NOT_FOUND = 'Report not found';
export const ALREADY_RESOLVED = 'This report has already been resolved';

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');

type ReportStatusFilter = 'open' | 'resolved' | 'all';

function selectReports(ctx: AppContext) {
  return ctx.db
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

type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

/** Bug screenshots are admin-only: their addresses are signed for the admins these answers go to. */
function toReportDto(ctx: AppContext, { report, reporter: from, resolver: by }: ReportRow): Schema<'Report'> {
  return {
    _id: report.id,
    type: report.type,
    status: report.status,
    name: report.name,
    email: report.email,
    subject: report.subject,
    message: report.message,
    details: report.details,
    attachments: report.attachments.map((path) => ctx.files.of(path)),
    reporter: from ? toUserSummary(from, ctx.files) : null,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt ? report.resolvedAt.toISOString() : null,
    resolvedBy: by ? { _id: by.id, username: by.username, role: by.role } : null,
    resolutionAction: (report.resolutionAction as Schema<'ReportResolution'> | null) ?? null,
    resolutionReason: report.resolutionReason,
  };
}

/** GET /admin/reports: open reports by default, newest first (served by the status, type, date index). */
export async function listReports(
  ctx: AppContext,
  query: PageQuery & { type?: ReportType | 'all'; status?: ReportStatusFilter },
) {
  const page = toPage(query, 10);
  const status = query.status ?? 'open';
  const where = and(
    status === 'all' ? undefined : eq(reports.status, status),
    query.type && query.type !== 'all' ? eq(reports.type, query.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectReports(ctx)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(reports).where(where),
  ]);
  return {
    reports: rows.map((row) => toReportDto(ctx, row)),
    pagination: paginationOf('totalReports', total?.value ?? 0, page),
  };
}

/** PATCH /admin/reports/{id}/resolve: records who acted, how and why; a report resolves once. */
export async function resolveReport(
  ctx: AppContext,
  admin: Pick<UserRow, 'id'>,
  id: string,
  body: Schema<'ResolveReportRequest'>,
): Promise<Schema<'Report'>> {
  const reason = body.reason?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status === 'resolved') throw conflict(ALREADY_RESOLVED);
    await tx
      .update(reports)
      .set({
        status: 'resolved',
        resolvedBy: admin.id,
        resolutionAction: body.action,
        resolutionReason: reason,
        resolvedAt: new Date(),
      })
      .where(eq(reports.id, id));
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType: 'report_resolution',
      targetType: 'report',
      targetId: id,
      details: { reportType: report.type, resolution: body.action },
      reason,
    });
  });
  const [row] = await selectReports(ctx).where(eq(reports.id, id));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return toReportDto(ctx, row);
}
