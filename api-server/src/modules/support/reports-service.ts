import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';

import { conflict, notFound } from '../../lib/http-error.ts';
import { type PageQuery, paginationOf, toPage } from '../../lib/pagination.ts';
import { logAdminAction } from '../audit/index.ts';
import { toUserSummary, type UserRow } from '../users/index.ts';
import * as repo from './reports-repository.ts';
import type { ReportType } from './tables/support.tables.ts';

export const REPORT_NOT_FOUND = 'Report not found';
export const ALREADY_RESOLVED = 'This report has already been resolved';

type ReportStatusFilter = 'open' | 'resolved' | 'all';

/** Bug screenshots are admin-only: their addresses are signed for the admins these answers go to. */
function toReportDto(
  ctx: AppContext,
  { report, reporter: from, resolver: by }: repo.ReportWithPeople,
): Schema<'Report'> {
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
  const { rows, total } = await repo.listReports(
    ctx.db,
    { status, type: query.type && query.type !== 'all' ? query.type : undefined },
    page,
  );
  return {
    reports: rows.map((row) => toReportDto(ctx, row)),
    pagination: paginationOf('totalReports', total, page),
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
    const report = await repo.lockReport(tx, id);
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status === 'resolved') throw conflict(ALREADY_RESOLVED);
    await repo.updateReport(tx, id, {
      status: 'resolved',
      resolvedBy: admin.id,
      resolutionAction: body.action,
      resolutionReason: reason,
      resolvedAt: new Date(),
    });
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType: 'report_resolution',
      targetType: 'report',
      targetId: id,
      details: { reportType: report.type, resolution: body.action },
      reason,
    });
  });
  const row = await repo.findReport(ctx.db, id);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return toReportDto(ctx, row);
}
