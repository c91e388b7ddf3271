import type { Schema } from '@cityquest/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionLogCounts, actionLogs, users } from '../../db/schema.ts';
import { type PageQuery, paginationOf, toPage } from '../../lib/pagination.ts';
import { type ActionLogEntry, type ActionType, isActionType } from '../audit/index.ts';

/*
 * The admin action log as the console reads it: audit's entries with their admins' names. Audit sits below
 * users (every domain logs through it), so the page that joins the two is this read model's.
 */

/** GET /admin/action-logs: newest first, with the acting admin populated (null once that account is gone). */
export async function listActionLogs(
  db: Db,
  query: PageQuery & { action_type?: string; admin_id?: string },
): Promise<Schema<'ActionLogPage'>> {
  const page = toPage(query, 10);
  const actionType = query.action_type && isActionType(query.action_type) ? query.action_type : undefined;
  const where = and(
    actionType ? eq(actionLogs.actionType, actionType) : undefined,
    query.admin_id ? eq(actionLogs.adminId, query.admin_id) : undefined,
  );
  const order = [desc(actionLogs.createdAt), desc(actionLogs.id)];
  // The page's ids from an index alone, then those entries in full with their admins: a deep page reads no
  // skipped entry (docs/product-rules/api-shapes.md#lists-and-pagination).
  const pageIds = db
    .select({ id: actionLogs.id })
    .from(actionLogs)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: actionLogs, admin: { id: users.id, username: users.username, role: users.role } })
      .from(actionLogs)
      .leftJoin(users, eq(users.id, actionLogs.adminId))
      .where(inArray(actionLogs.id, pageIds))
      .orderBy(...order),
    db
      .select({ value: sql<number>`coalesce(sum(${actionLogCounts.total}), 0)::integer` })
      .from(actionLogCounts)
      .where(
        and(
          actionType ? eq(actionLogCounts.actionType, actionType) : undefined,
          query.admin_id ? eq(actionLogCounts.adminKey, query.admin_id) : undefined,
        ),
      ),
  ]);
  return {
    logs: rows.map(({ log, admin }) => ({
      _id: log.id,
      action_type: log.actionType as ActionType,
      admin_id: admin ? { _id: admin.id, username: admin.username, role: admin.role } : null,
      target_type: log.targetType as ActionLogEntry['targetType'],
      target_id: log.targetId,
      details: log.details,
      reason: log.reason,
      result: log.result,
      createdAt: log.createdAt.toISOString(),
    })),
    pagination: paginationOf('totalLogs', total?.value ?? 0, page),
  };
}
