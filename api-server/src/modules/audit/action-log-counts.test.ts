import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { call, type Explorer, idOf, withRole } from '../../../test/quest-fixtures.ts';
import { rowsOf } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type ActionType, logAdminAction } from './action-log-repository.ts';

// The action log's totals come from counters the database keeps with the entries (migration 0010): whatever
// happens to the entries and their admins, each total the API answers must equal a count of the entries.

let t: TestApp;
let first: Explorer;
let second: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  first = await withRole(t, await registerVerified(t), 'admin');
  second = await withRole(t, await registerVerified(t), 'admin');
});
afterAll(() => t?.close());

const TYPES: ActionType[] = ['quest_approval', 'user_suspension', 'badge_award'];

async function counted(filter: { type?: ActionType; adminId?: string }): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await t.database.db.execute(sql`select count(*)::integer as total from action_logs
      where (${filter.type ?? null}::text is null or action_type = ${filter.type ?? null})
        and (${filter.adminId ?? null}::uuid is null or admin_id = ${filter.adminId ?? null})`),
  );
  return row?.total ?? 0;
}

async function answeredTotal(query: string, who: Explorer): Promise<number> {
  const response = await call(t, 'GET', `/admin/action-logs?limit=5${query}`, who);
  expect(response.statusCode).toBe(200);
  return response.json().data.pagination.totalLogs;
}

async function expectTotalsEqualCounts(who: Explorer, admins: string[]) {
  expect(await answeredTotal('', who)).toBe(await counted({}));
  for (const type of TYPES) {
    expect(await answeredTotal(`&action_type=${type}`, who), type).toBe(await counted({ type }));
    for (const adminId of admins)
      expect(await answeredTotal(`&action_type=${type}&admin_id=${adminId}`, who)).toBe(
        await counted({ type, adminId }),
      );
  }
  for (const adminId of admins)
    expect(await answeredTotal(`&admin_id=${adminId}`, who)).toBe(await counted({ adminId }));
}

describe('action log totals kept with the entries', () => {
  it('follow new entries and an admin account that is deleted', async () => {
    for (let i = 0; i < 18; i += 1) {
      await logAdminAction(t.database.db, {
        adminId: idOf(i % 3 === 0 ? first : second),
        actionType: TYPES[i % TYPES.length] as ActionType,
        targetType: 'user',
        targetId: idOf(first),
      });
    }
    await expectTotalsEqualCounts(first, [idOf(first), idOf(second)]);

    // The deleted admin's entries stay, with no admin, and still count in the totals without a filter.
    await t.database.db.delete(users).where(eq(users.id, idOf(second)));
    await expectTotalsEqualCounts(first, [idOf(first), idOf(second)]);
    expect(await answeredTotal(`&admin_id=${idOf(second)}`, first)).toBe(0);
  });

  it('pages through every entry once, newest first', async () => {
    const total = await counted({});
    const seen: string[] = [];
    for (let page = 1; seen.length < total; page += 1) {
      const data = (await call(t, 'GET', `/admin/action-logs?limit=4&page=${page}`, first)).json().data;
      expect(data.logs.length).toBeGreaterThan(0);
      seen.push(...data.logs.map((log: { _id: string }) => log._id));
      expect(data.pagination.hasNextPage).toBe(seen.length < total);
    }
    expect(new Set(seen).size).toBe(total);
  });
});
