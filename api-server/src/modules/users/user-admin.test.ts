import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { call, type Explorer, idOf, withRole } from '../../../test/quest-fixtures.ts';
import { actionLogs, users } from '../../db/schema.ts';
import { refusalFor } from './user-permissions.ts';

let t: TestApp;
let moderator: Explorer;
let chief: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await withRole(t, await registerVerified(t, { username: 'moderator_one' }), 'admin');
  chief = await withRole(t, await registerVerified(t, { username: 'chief_one' }), 'super_admin');
});
afterAll(() => t.close());

const explorer = () => registerVerified(t);
const patch = (who: Explorer, target: Explorer | string, action: string, payload: object = {}) =>
  call(
    t,
    'PATCH',
    `/admin/users/${typeof target === 'string' ? target : idOf(target)}/${action}`,
    who,
    payload,
  );
const logsFor = (target: Explorer) =>
  t.database.db
    .select()
    .from(actionLogs)
    .where(eq(actionLogs.targetId, idOf(target)));

describe('the permission table', () => {
  const account = (id: string, role: 'user' | 'admin' | 'super_admin') => ({ id, role });
  it.each([
    ['admin', 'user', 'promote-admin', null],
    ['admin', 'user', 'suspend', null],
    ['admin', 'user', 'reactivate', null],
    ['admin', 'admin', 'suspend', 'Only super admins can manage other admins'],
    ['admin', 'super_admin', 'reactivate', 'Only super admins can manage other admins'],
    ['admin', 'admin', 'demote-user', 'Only super admins can manage other admins'],
    ['admin', 'user', 'promote-super-admin', 'Only super admins can promote to super admin'],
    ['super_admin', 'admin', 'demote-user', null],
    ['super_admin', 'super_admin', 'demote-user', 'Super admin accounts cannot be demoted'],
    ['super_admin', 'admin', 'suspend', null],
    ['super_admin', 'user', 'promote-super-admin', null],
  ] as const)('%s acting on %s: %s -> %s', (actor, target, change, expected) => {
    expect(refusalFor(account('a', actor), account('b', target), change)).toBe(expected);
  });

  it('refuses everyone acting on their own account', () => {
    for (const change of ['promote-admin', 'suspend', 'demote-user'] as const) {
      expect(refusalFor(account('a', 'super_admin'), account('a', 'super_admin'), change)).toBe(
        'You cannot change your own account',
      );
    }
  });
});

describe('listing users', () => {
  it('pages users newest first with search over username, name and email and role and status filters', async () => {
    const ravi = await registerVerified(t, {
      username: 'ravi_lister',
      fullName: 'Ravi Kumar',
      email: 'ravi.l@example.com',
    });
    const byName = await call(t, 'GET', '/admin/users?search=ravi%20kumar', moderator);
    expect(byName.json().data.users.map((u: { _id: string }) => u._id)).toEqual([idOf(ravi)]);
    const byEmail = await call(t, 'GET', '/admin/users?search=RAVI.L@example', moderator);
    expect(byEmail.json().data.users).toHaveLength(1);
    expect(byEmail.json().data.users[0]).toMatchObject({
      username: 'ravi_lister',
      role: 'user',
      status: 'active',
      level: 1,
      questsCompleted: 0,
    });
    expect(byEmail.json().data.users[0]).not.toHaveProperty('passwordHash');
    const admins = await call(t, 'GET', '/admin/users?role=super_admin', moderator);
    expect(admins.json().data.users.map((u: { _id: string }) => u._id)).toEqual([idOf(chief)]);
    const everyone = await call(t, 'GET', '/admin/users?role=all&status=all&limit=2', moderator);
    expect(everyone.json().data.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
    expect(everyone.json().data.users[0]._id).toBe(idOf(ravi));
  });

  it('tells active, suspended and inactive accounts apart', async () => {
    const idle = await explorer();
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(users)
      .set({ lastActiveAt: longAgo, createdAt: longAgo })
      .where(eq(users.id, idOf(idle)));
    const inactive = await call(t, 'GET', '/admin/users?status=inactive&limit=100', moderator);
    const ids = inactive.json().data.users.map((u: { _id: string }) => u._id);
    expect(ids).toContain(idOf(idle));
    expect(ids).not.toContain(idOf(moderator));
    const suspendedTarget = await explorer();
    await patch(moderator, suspendedTarget, 'suspend');
    const suspended = await call(t, 'GET', '/admin/users?status=suspended&limit=100', moderator);
    expect(suspended.json().data.users.map((u: { _id: string }) => u._id)).toContain(idOf(suspendedTarget));
    const active = await call(t, 'GET', '/admin/users?status=active&limit=100', moderator);
    expect(active.json().data.users.map((u: { _id: string }) => u._id)).not.toContain(idOf(suspendedTarget));
  });

  it('shows one user with stats and permission flags, and the role info', async () => {
    const detail = await call(t, 'GET', `/admin/users/${idOf(moderator)}`, chief);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.stats).toMatchObject({ questsCompleted: 0, questsOngoing: 0, badgesEarned: 0 });
    expect(detail.json().data.permissions).toMatchObject({
      isAdmin: true,
      isSuperAdmin: false,
      canManageAdmins: false,
    });
    const role = await call(t, 'GET', `/admin/users/${idOf(chief)}/role`, moderator);
    expect(role.json().data).toMatchObject({ role: 'super_admin', permissions: { canManageAdmins: true } });
    expect(
      (await call(t, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000', chief)).statusCode,
    ).toBe(404);
  });

  it('lists admins and super admins by username', async () => {
    const response = await call(t, 'GET', '/admin/admins', moderator);
    const names = response.json().data.map((a: { username: string }) => a.username);
    expect(names).toEqual(expect.arrayContaining(['chief_one', 'moderator_one']));
    expect(names).toEqual([...names].sort());
  });
});

describe('role changes', () => {
  it('lets an admin promote an explorer, notifying them and logging both roles', async () => {
    const target = await explorer();
    const response = await patch(moderator, target, 'promote-admin');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.role).toBe('admin');
    const [log] = await logsFor(target);
    expect(log).toMatchObject({ actionType: 'user_promotion', result: 'success' });
    expect(log?.details).toMatchObject({ previousRole: 'user', newRole: 'admin' });
    expect((await patch(chief, target, 'promote-admin')).json().message).toBe('User is already an admin');
  });

  it('refuses an admin demoting another admin, logging the refused attempt', async () => {
    const other = await withRole(t, await explorer(), 'admin');
    const refused = await patch(moderator, other, 'demote-user');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only super admins can manage other admins');
    const [log] = await logsFor(other);
    expect(log).toMatchObject({ actionType: 'user_demotion', result: 'failure' });
    expect(log?.details).toMatchObject({ error: 'Only super admins can manage other admins' });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, idOf(other)));
    expect(row?.role).toBe('admin');

    const demoted = await patch(chief, other, 'demote-user');
    expect(demoted.json().data.role).toBe('user');
    expect((await patch(chief, other, 'demote-user')).statusCode).toBe(409);
  });

  it('keeps promotion to super admin for super admins, logging an admin attempt', async () => {
    const target = await explorer();
    const refused = await patch(moderator, target, 'promote-super-admin');
    expect(refused.statusCode).toBe(403);
    expect((await logsFor(target))[0]).toMatchObject({
      actionType: 'super_admin_promotion',
      result: 'failure',
    });
    const promoted = await patch(chief, target, 'promote-super-admin');
    expect(promoted.json().data.role).toBe('super_admin');
    expect((await patch(chief, target, 'promote-super-admin')).statusCode).toBe(409);
    expect((await patch(chief, target, 'demote-user')).json().message).toBe(
      'Super admin accounts cannot be demoted',
    );
  });

  it('refuses anyone acting on their own account', async () => {
    const response = await patch(chief, chief, 'suspend');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You cannot change your own account');
  });
});

describe('suspension', () => {
  it('suspends with the default reason, ends the sessions at once, and reactivates', async () => {
    const target = await explorer();
    const response = await patch(moderator, target, 'suspend', {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: idOf(target),
      userId: idOf(target),
      accountVerified: false,
      status: 'suspended',
      suspensionReason: 'Account suspended by administrator',
    });
    const me = await call(t, 'GET', '/users/my-profile', target);
    expect(me.statusCode).toBe(403);
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: target.session.refreshToken },
    });
    expect(refresh.statusCode).not.toBe(200);
    expect((await patch(moderator, target, 'suspend')).statusCode).toBe(409);

    const back = await patch(moderator, target, 'reactivate');
    expect(back.json().data).toMatchObject({
      userId: idOf(target),
      status: 'active',
      suspensionReason: null,
    });
    expect((await patch(moderator, target, 'reactivate')).statusCode).toBe(409);
    const types = (await logsFor(target)).map((log) => log.actionType);
    expect(types).toEqual(expect.arrayContaining(['user_suspension', 'user_reactivation']));
  });

  it('keeps the reason given and lets only super admins suspend admins', async () => {
    const other = await withRole(t, await explorer(), 'admin');
    expect((await patch(moderator, other, 'suspend', { reason: 'Spam' })).statusCode).toBe(403);
    const response = await patch(chief, other, 'suspend', { reason: '  Spam  ' });
    expect(response.json().data.suspensionReason).toBe('Spam');
    expect((await patch(moderator, other, 'reactivate')).statusCode).toBe(403);
    expect((await patch(chief, other, 'reactivate')).statusCode).toBe(200);
  });

  it('never leaves the platform without an active super admin', async () => {
    const solo = await createTestApp();
    try {
      const only = await withRole(solo, await registerVerified(solo), 'super_admin');
      for (const action of ['suspend', 'demote-user']) {
        const response = await call(solo, 'PATCH', `/admin/users/${idOf(only)}/${action}`, only, {});
        expect(response.statusCode).toBe(403);
      }
      const [row] = await solo.database.db
        .select()
        .from(users)
        .where(eq(users.id, idOf(only)));
      expect(row).toMatchObject({ role: 'super_admin', accountVerified: true });
    } finally {
      await solo.close();
    }
  });
});
