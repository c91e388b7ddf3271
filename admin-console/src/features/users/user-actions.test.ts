import type { Role } from '@cityquest/contract';
import { describe, expect, it } from 'vitest';
import { type UserActions, userActionsFor } from './user-actions.ts';

const viewer = (role: Role) => ({ _id: 'viewer', role });
const target = (role: Role, accountVerified = true) => ({ _id: 'target', role, accountVerified });

describe('userActionsFor (docs/product-rules/moderation.md#permission-table)', () => {
  it.each<[Role, Role, boolean, UserActions]>([
    ['admin', 'user', true, { actions: ['promoteAdmin', 'suspend'], reason: null }],
    ['admin', 'user', false, { actions: ['reactivate'], reason: null }],
    ['admin', 'admin', true, { actions: [], reason: 'onlySuperAdmins' }],
    ['admin', 'admin', false, { actions: [], reason: 'onlySuperAdmins' }],
    ['admin', 'super_admin', true, { actions: [], reason: 'onlySuperAdmins' }],
    [
      'super_admin',
      'user',
      true,
      { actions: ['promoteAdmin', 'promoteSuperAdmin', 'suspend'], reason: null },
    ],
    ['super_admin', 'user', false, { actions: ['reactivate'], reason: null }],
    ['super_admin', 'admin', true, { actions: ['promoteSuperAdmin', 'demoteUser', 'suspend'], reason: null }],
    ['super_admin', 'admin', false, { actions: ['reactivate'], reason: null }],
    ['super_admin', 'super_admin', true, { actions: ['suspend'], reason: null }],
    ['super_admin', 'super_admin', false, { actions: ['reactivate'], reason: null }],
  ])('a %s viewing a %s account (active: %s)', (viewerRole, targetRole, active, expected) => {
    expect(userActionsFor(viewer(viewerRole), target(targetRole, active))).toEqual(expected);
  });

  it.each<Role>(['admin', 'super_admin'])('gives a %s no action on their own account', (role) => {
    expect(userActionsFor({ _id: 'me', role }, { _id: 'me', role, accountVerified: true })).toEqual({
      actions: [],
      reason: 'ownAccount',
    });
  });
});
