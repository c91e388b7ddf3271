import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png, registerVerified, storedFileOf } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitQuest,
  withRole,
} from '../../../test/quest-fixtures.ts';
import { notifications, questProgress, users } from '../../db/schema.ts';
import { createLocalStorage } from '../../plugins/storage.ts';
import { ensureBadgeCatalogue } from '../badges/badge-awards.ts';
import { growthPercent } from './insights-service.ts';

let t: TestApp;
let moderator: Explorer;
let explorer: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await withRole(t, await registerVerified(t), 'admin');
  explorer = await registerVerified(t);
  await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('GET /admin/dashboard', () => {
  it('counts users, quests by status, pending proofs, growth and a real health check', async () => {
    await submitQuest(t, explorer);
    await approvedQuest(t, explorer);
    const response = await call(t, 'GET', '/admin/dashboard', moderator);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.userManagement).toEqual({ totalUsers: 2, activeUsers: 2, newUsersToday: 2 });
    expect(data.questManagement).toEqual({
      totalQuests: 2,
      pendingQuests: 1,
      approvedQuests: 1,
      rejectedQuests: 0,
    });
    expect(data.proofVerification).toEqual({ pendingProofs: 0 });
    expect(data.systemHealth).toMatchObject({ status: 'ok' });
    expect(data.analytics.monthlyGrowth).toBe(100);
    // The flat counters, each equal to its grouped twin
    // (docs/product-rules/api-shapes.md#admin-dashboard-shape).
    expect(data).toMatchObject({
      totalUsers: 2,
      activeUsers: 2,
      newUsersToday: 2,
      totalQuests: 2,
      pendingQuests: 1,
      approvedQuests: 1,
      rejectedQuests: 0,
      monthlyGrowth: 100,
      pendingProofs: 0,
      systemHealth: { status: 'ok' },
    });
  });

  it('computes growth against the 30 days before', () => {
    expect(growthPercent(15, 10)).toBe(50);
    expect(growthPercent(5, 10)).toBe(-50);
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(1, 3)).toBe(-66.7);
  });
});

describe('GET /admin/analytics', () => {
  it('counts active users, completions, xp and categories within the timeframe', async () => {
    const food = await approvedQuest(t, explorer, { category: 'Food', title: 'Food walk' });
    const art = await approvedQuest(t, explorer, { category: 'Art', title: 'Art walk' });
    const player = await registerVerified(t);
    const now = Date.now();
    await t.database.db.insert(questProgress).values([
      {
        questId: food,
        userId: idOf(player),
        status: 'completed',
        xpAwarded: 30,
        completedAt: new Date(now - DAY),
      },
      {
        questId: art,
        userId: idOf(player),
        status: 'completed',
        xpAwarded: 50,
        completedAt: new Date(now - 20 * DAY),
      },
      {
        questId: food,
        userId: idOf(explorer),
        status: 'completed',
        xpAwarded: 30,
        completedAt: new Date(now - 2 * DAY),
      },
    ]);
    await t.database.db
      .update(users)
      .set({ lastActiveAt: new Date(now - 10 * DAY) })
      .where(eq(users.id, idOf(player)));

    const week = (await call(t, 'GET', '/admin/analytics?timeframe=7d', moderator)).json().data;
    expect(week).toMatchObject({ timeframe: '7d', totalQuestsCompleted: 2, totalXPAwarded: 60 });
    expect(week.popularCategories[0]).toEqual({ category: 'Food', completions: 2 });
    expect(week.popularCategories).toHaveLength(6);
    expect(week.weeklyActiveUsers).toBe(week.monthlyActiveUsers - 1);

    const month = (await call(t, 'GET', '/admin/analytics', moderator)).json().data;
    expect(month).toMatchObject({ timeframe: '30d', totalQuestsCompleted: 3, totalXPAwarded: 110 });
    expect(month.popularCategories.slice(0, 2)).toEqual([
      { category: 'Food', completions: 2 },
      { category: 'Art', completions: 1 },
    ]);
    expect((await call(t, 'GET', '/admin/analytics?timeframe=1y', moderator)).statusCode).toBe(400);
  });
});

describe('the dashboard and analytics figures, shared for INSIGHTS_CACHE_MS', () => {
  let shared: TestApp;
  let admin: Explorer;
  beforeAll(async () => {
    shared = await createTestApp({ insightsCacheMs: 60 * 60 * 1000 });
    admin = await withRole(shared, await registerVerified(shared), 'admin');
  });
  afterAll(() => shared?.close());

  it('answer the same figures, and when they were computed, until the cache time ends', async () => {
    const before = Date.now();
    const first = (await call(shared, 'GET', '/admin/dashboard', admin)).json().data;
    expect(Date.parse(first.asOf)).toBeGreaterThanOrEqual(before - 1000);
    expect(first.totalUsers).toBe(1);
    await registerVerified(shared);
    await submitQuest(shared, admin);
    const again = (await call(shared, 'GET', '/admin/dashboard', admin)).json().data;
    expect(again.asOf).toBe(first.asOf);
    expect(again.totalUsers).toBe(1);
    expect(again.pendingQuests).toBe(first.pendingQuests);
    // The database check is live on every call.
    expect(again.systemHealth.uptimeSeconds).toBeGreaterThanOrEqual(first.systemHealth.uptimeSeconds);

    // Each timeframe is computed on its own, then kept.
    const month = (await call(shared, 'GET', '/admin/analytics?timeframe=30d', admin)).json().data;
    const week = (await call(shared, 'GET', '/admin/analytics?timeframe=7d', admin)).json().data;
    expect([month.timeframe, week.timeframe]).toEqual(['30d', '7d']);
    const monthAgain = (await call(shared, 'GET', '/admin/analytics?timeframe=30d', admin)).json().data;
    expect(monthAgain).toEqual(month);
  });

  it('are computed afresh on every call with INSIGHTS_CACHE_MS=0 (as the other tests run)', async () => {
    const first = (await call(t, 'GET', '/admin/dashboard', moderator)).json().data;
    await registerVerified(t);
    const again = (await call(t, 'GET', '/admin/dashboard', moderator)).json().data;
    expect(again.totalUsers).toBe(first.totalUsers + 1);
    expect(Date.parse(again.asOf)).toBeGreaterThanOrEqual(Date.parse(first.asOf));
  });
});

describe('GET /admin/action-logs', () => {
  it('pages newest first, filters by type and admin, and shows a removed admin as null', async () => {
    const other = await withRole(t, await registerVerified(t), 'admin');
    const [a, b] = [await registerVerified(t), await registerVerified(t)];
    await call(t, 'PATCH', `/admin/users/${idOf(a)}/suspend`, moderator, {});
    await call(t, 'PATCH', `/admin/users/${idOf(b)}/promote-admin`, other);

    const page = (await call(t, 'GET', '/admin/action-logs?limit=1', moderator)).json().data;
    expect(page.logs[0]).toMatchObject({ action_type: 'user_promotion', target_id: idOf(b) });
    expect(page.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });

    const byAdmin = (await call(t, 'GET', `/admin/action-logs?admin_id=${idOf(moderator)}`, moderator)).json()
      .data;
    expect(
      byAdmin.logs.every((log: { admin_id: { _id: string } }) => log.admin_id._id === idOf(moderator)),
    ).toBe(true);
    const byType = (await call(t, 'GET', '/admin/action-logs?action_type=user_suspension', moderator)).json()
      .data;
    expect(byType.logs.map((log: { target_id: string }) => log.target_id)).toContain(idOf(a));
    expect(byType.logs[0].reason).toBe('Account suspended by administrator');

    await t.database.db.delete(users).where(eq(users.id, idOf(other)));
    const orphan = (await call(t, 'GET', '/admin/action-logs?action_type=user_promotion', moderator)).json()
      .data;
    expect(orphan.logs.find((log: { target_id: string }) => log.target_id === idOf(b)).admin_id).toBeNull();
  });
});

describe('reports', () => {
  it('lists open reports and resolves one once, recording who and why', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/users/contact-us',
      payload: {
        name: 'Asha',
        email: 'asha@example.com',
        subject: 'Partnership',
        message: 'We run food walks in Delhi.',
      },
    });
    const id = sent.json().data._id;
    const open = (await call(t, 'GET', '/admin/reports?type=contact_message', moderator)).json().data;
    expect(open.reports.map((report: { _id: string }) => report._id)).toContain(id);
    expect((await call(t, 'GET', '/admin/reports?type=bug_report', moderator)).json().data.reports).toEqual(
      [],
    );

    const resolved = await call(t, 'PATCH', `/admin/reports/${id}/resolve`, moderator, {
      action: 'resolved',
      reason: 'Replied by email',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      resolutionAction: 'resolved',
      resolutionReason: 'Replied by email',
      resolvedBy: { _id: idOf(moderator) },
    });
    const after = (await call(t, 'GET', '/admin/reports', moderator)).json().data;
    expect(after.reports.map((report: { _id: string }) => report._id)).not.toContain(id);
    const all = (await call(t, 'GET', '/admin/reports?status=all', moderator)).json().data;
    expect(all.reports.map((report: { _id: string }) => report._id)).toContain(id);
    expect(
      (await call(t, 'PATCH', `/admin/reports/${id}/resolve`, moderator, { action: 'dismissed' })).statusCode,
    ).toBe(409);
    const log = (await call(t, 'GET', '/admin/action-logs?action_type=report_resolution', moderator)).json()
      .data;
    expect(log.logs[0]).toMatchObject({
      target_id: id,
      reason: 'Replied by email',
      details: { resolution: 'resolved' },
    });
  });
});

describe('badges', () => {
  it('awards a catalogue badge once, with the reason, and tells the user', async () => {
    const response = await call(t, 'POST', '/admin/badge/award', moderator, {
      userId: idOf(explorer),
      badgeId: 3,
      reason: 'Community hero',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ badge_id: { badgeId: 3 }, reason: 'Community hero' });
    const earned = (await call(t, 'GET', `/badges/earned/${idOf(explorer)}`, explorer)).json().data;
    expect(earned.map((entry: { badge_id: { badgeId: number } }) => entry.badge_id.badgeId)).toContain(3);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, idOf(explorer)));
    expect(
      notes.some((note) => note.type === 'badge_earned' && note.message.includes('Community hero')),
    ).toBe(true);
    const again = await call(t, 'POST', '/admin/badge/award', moderator, {
      userId: idOf(explorer),
      badgeId: 3,
    });
    expect(again.statusCode).toBe(409);
    const unknown = await call(t, 'POST', '/admin/badge/award', moderator, {
      userId: idOf(explorer),
      badgeId: 999,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('creates a badge continuing the numbering, refusing duplicates and non-images', async () => {
    const form = (name: string, file: Buffer, type = 'image/png') =>
      multipart([
        { name: 'name', value: name },
        { name: 'description', value: 'Walked every heritage lane.' },
        { name: 'category', value: 'History' },
        { name: 'tier', value: 'Epic' },
        { name: 'xpRequired', value: '2500' },
        { name: 'image', file, filename: 'badge.png', type },
      ]);
    const send = async (name: string, file: Buffer, type?: string) => {
      const body = await form(name, file, type);
      return t.request({
        method: 'POST',
        url: '/api/v1/admin/badges',
        headers: { ...bearer(moderator.session.accessToken), ...body.headers },
        payload: body.payload,
      });
    };
    const created = await send('Heritage Hero', await png());
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      badgeId: 31,
      name: 'Heritage Hero',
      tier: 'Epic',
      xpRequired: 2500,
    });
    const imageUrl = created.json().data.imageUrl as string;
    expect(imageUrl.startsWith(`${t.config.publicFilesUrl}/badges/`)).toBe(true);
    expect(imageUrl).toMatch(/\.webp$/);
    expect((await send('heritage hero', await png())).statusCode).toBe(409);
    expect((await send('Text badge', Buffer.from('not an image'), 'image/png')).statusCode).toBe(415);
    const catalogue = (await call(t, 'GET', '/badges', explorer)).json().data;
    expect(catalogue.some((badge: { badgeId: number }) => badge.badgeId === 31)).toBe(true);
  });

  it("creates a badge without a tier or an upload: it gets the catalogue's medal artwork", async () => {
    const body = await multipart([
      { name: 'name', value: 'Lantern Keeper' },
      { name: 'description', value: 'Lit the old city at dusk.' },
      { name: 'category', value: 'Culture' },
      { name: 'xpRequired', value: '0' },
    ]);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/admin/badges',
      headers: { ...bearer(moderator.session.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const badge = created.json().data;
    expect(badge).toMatchObject({ name: 'Lantern Keeper', category: 'Culture', tier: null, rarity: null });
    const stored = await readFile(storedFileOf(t, badge.imageUrl));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const listed = (await call(t, 'GET', '/badges', explorer)).json().data;
    expect(listed.find((each: { name: string }) => each.name === 'Lantern Keeper')).toMatchObject({
      tier: null,
    });
  });
});
