import type { Schema } from '@cityquest/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { logSentence } from './log-sentence.ts';

type ActionLog = Schema<'ActionLog'>;

const aLog = (overrides: Partial<ActionLog>): ActionLog => ({
  _id: '6e7f8091-a2b3-4c4d-9e5f-6a7b8c9d0e11',
  action_type: 'user_promotion',
  admin_id: { _id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b11', username: 'meera', role: 'super_admin' },
  target_type: 'user',
  target_id: null,
  details: {},
  reason: null,
  result: 'success',
  createdAt: '2026-11-18T10:00:00.000Z',
  ...overrides,
});

let t: ReturnType<typeof initI18n>['t'];
beforeAll(() => {
  t = initI18n().t;
});

describe('logSentence', () => {
  it.each<[Partial<ActionLog>, string]>([
    [
      {
        action_type: 'user_promotion',
        details: { username: 'ravi', previousRole: 'user', newRole: 'admin' },
      },
      'Promoted ravi from user to admin',
    ],
    [
      {
        action_type: 'user_demotion',
        details: { username: 'meera', previousRole: 'admin', newRole: 'user' },
      },
      'Demoted meera from admin to user',
    ],
    [
      {
        action_type: 'super_admin_promotion',
        details: { username: 'ravi', previousRole: 'admin', newRole: 'super_admin' },
      },
      'Promoted ravi from admin to super admin',
    ],
    [{ action_type: 'super_admin_promotion', details: { username: 'ravi' } }, 'Promoted ravi to super admin'],
    [{ action_type: 'user_suspension', details: { username: 'ravi' } }, 'Suspended ravi'],
    [{ action_type: 'user_reactivation', details: {} }, 'Reactivated Unknown User'],
    [{ action_type: 'quest_approval', details: { questTitle: 'Murals' } }, 'Approved quest "Murals"'],
    [{ action_type: 'quest_rejection', details: {} }, 'Rejected quest "Unknown Quest"'],
    [
      { action_type: 'quest_update', details: { questTitle: 'Murals', changedFields: ['title', 'xp'] } },
      'Updated quest "Murals" (title, xp)',
    ],
    [{ action_type: 'quest_deletion', details: { questTitle: 'Old' } }, 'Deleted quest "Old"'],
    [
      { action_type: 'task_proof_approval', details: { questTitle: 'Murals', taskOrder: 2 } },
      'Approved task 2 proof for quest "Murals"',
    ],
    [
      { action_type: 'task_proof_rejection', details: { questTitle: 'Murals', taskOrder: 1 } },
      'Rejected task 1 proof for quest "Murals"',
    ],
    [
      { action_type: 'badge_award', details: { badgeName: 'Food Scout', username: 'ravi' } },
      'Awarded the badge "Food Scout" to ravi',
    ],
    [{ action_type: 'report_resolution', details: { resolution: 'dismiss' } }, 'Resolved a report: dismiss'],
    [
      { action_type: 'two_factor_reset', details: { username: 'ravi' }, reason: 'Lost phone and codes' },
      'Reset the two-factor sign-in of ravi',
    ],
    [
      {
        action_type: 'two_factor_reset',
        details: { username: 'ravi', reason: 'Lost phone and codes' } as ActionLog['details'],
      },
      'Reset the two-factor sign-in of ravi: Lost phone and codes',
    ],
    [{ action_type: 'two_factor_reset', details: {} }, 'Reset the two-factor sign-in of Unknown User'],
    [
      {
        action_type: 'two_factor_reset',
        result: 'failure',
        details: { username: 'meera', error: 'Use disable for your own account' },
      },
      'Reset the two-factor sign-in of meera (refused: Use disable for your own account)',
    ],
    [
      {
        action_type: 'user_demotion',
        result: 'failure',
        details: { username: 'sara', error: 'Only super admins can manage other admins' },
      },
      'Demoted sara to user (refused: Only super admins can manage other admins)',
    ],
  ])('%o', (overrides, expected) => {
    expect(logSentence(aLog(overrides), t)).toBe(expected);
  });
});
