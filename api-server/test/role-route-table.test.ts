import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { listOperations, requiresAuth } from '../src/lib/spec.ts';
import { registerVerified } from './fixtures.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';
import { withRole } from './quest-fixtures.ts';

type Access = 'public' | 'signedIn' | 'admin' | 'superAdmin';

/**
 * Who may use each operation of openapi.yaml, as the server enforces it. Every operation must be listed; the
 * test below fails on a missing or unknown one. 'signedIn' = any verified, active account.
 */
const ACCESS: Record<string, Access> = {
  getHealth: 'public',
  getReadiness: 'public',
  listDevOutbox: 'public',
  registerUser: 'public',
  verifyEmail: 'public',
  resendVerificationCode: 'public',
  loginUser: 'public',
  completeTwoFactorLogin: 'public',
  // Unsubscribe links work without signing in; their signed token says whose mail they turn off.
  describeUnsubscribe: 'public',
  unsubscribe: 'public',
  refreshToken: 'public',
  requestPasswordReset: 'public',
  resetPassword: 'public',
  sendContactMessage: 'public',
  reportBug: 'public',
  sendFeedback: 'signedIn',
  getMySupportConversation: 'signedIn',
  sendSupportMessage: 'signedIn',
  // The approved catalogue answers visitors too (docs/product-rules/quests.md#visitors).
  listQuests: 'public',
  searchQuests: 'public',
  listFeaturedQuests: 'public',
  listPopularQuests: 'public',
  listQuestsByCategory: 'public',
  getQuest: 'public',
  listQuestReviews: 'public',

  logoutUser: 'signedIn',
  changePassword: 'signedIn',
  getTwoFactorStatus: 'signedIn',
  startTwoFactorSetup: 'signedIn',
  enableTwoFactor: 'signedIn',
  regenerateRecoveryCodes: 'signedIn',
  disableTwoFactor: 'signedIn',
  getCurrentUser: 'signedIn',
  searchUsers: 'signedIn',
  getUserProfile: 'signedIn',
  getMyProfile: 'signedIn',
  getSettings: 'signedIn',
  updateSettings: 'signedIn',
  updateAccountDetails: 'signedIn',
  updateAvatar: 'signedIn',
  removeAvatar: 'signedIn',
  updateCoverImage: 'signedIn',
  removeCoverImage: 'signedIn',
  deleteAccount: 'signedIn',
  listCompletedQuests: 'signedIn',
  listNotifications: 'signedIn',
  streamEvents: 'signedIn',
  markNotificationRead: 'signedIn',
  listBadges: 'signedIn',
  listEarnedBadges: 'signedIn',
  getLeaderboard: 'signedIn',
  getFriendsLeaderboard: 'signedIn',
  getCityLeaderboard: 'signedIn',
  createQuest: 'signedIn',
  getQuestDashboard: 'signedIn',
  listMyQuests: 'signedIn',
  updateQuest: 'signedIn',
  deleteQuest: 'signedIn',
  listQuestTasks: 'signedIn',
  startQuest: 'signedIn',
  listOngoingQuests: 'signedIn',
  getQuestProgress: 'signedIn',
  updateQuestProgress: 'signedIn',
  recordLivePosition: 'signedIn',
  abandonQuest: 'signedIn',
  submitQuestProof: 'signedIn',
  submitTaskProof: 'signedIn',
  getTaskProof: 'signedIn',
  submitQuestReview: 'signedIn',
  listFriends: 'signedIn',
  requestFriendship: 'signedIn',
  acceptFriendRequest: 'signedIn',
  listMyFriends: 'signedIn',
  sendFriendRequest: 'signedIn',
  respondToFriendRequest: 'signedIn',
  listPendingFriendRequests: 'signedIn',
  listSentFriendRequests: 'signedIn',
  removeFriend: 'signedIn',
  blockUser: 'signedIn',
  reverseGeocode: 'signedIn',
  searchPlaces: 'signedIn',
  getDirections: 'signedIn',

  getAdminDashboard: 'admin',
  getApiUsage: 'admin',
  listPendingQuests: 'admin',
  listAdminQuests: 'admin',
  approveQuest: 'admin',
  rejectQuest: 'admin',
  adminUpdateQuest: 'admin',
  adminDeleteQuest: 'admin',
  listUsers: 'admin',
  getAdminUser: 'admin',
  getUserRole: 'admin',
  promoteToAdmin: 'admin',
  suspendUser: 'admin',
  reactivateUser: 'admin',
  verifyProgressTask: 'admin',
  claimTaskProof: 'admin',
  releaseTaskProof: 'admin',
  bulkApproveProofs: 'admin',
  verifyTask: 'admin',
  listPendingProofs: 'admin',
  listActionLogs: 'admin',
  listAdmins: 'admin',
  getAnalytics: 'admin',
  awardBadge: 'admin',
  createBadge: 'admin',
  listReports: 'admin',
  resolveReport: 'admin',
  listSupportConversations: 'admin',
  getSupportConversation: 'admin',
  replySupportConversation: 'admin',
  closeSupportConversation: 'admin',

  // The route admits admins so their refused attempts reach the action log; only super admins succeed.
  demoteToUser: 'superAdmin',
  promoteToSuperAdmin: 'superAdmin',
  resetUserTwoFactor: 'superAdmin',
};
const NARROWED_IN_SERVICE = new Set(['demoteToUser', 'promoteToSuperAdmin']);

const operations = listOperations();

function specAccess(operation: (typeof operations)[number]['operation']): Access {
  if (!requiresAuth(operation)) return 'public';
  const roles = (operation as { 'x-roles'?: string[] })['x-roles'];
  if (!roles) return 'signedIn';
  return roles.includes('admin') ? 'admin' : 'superAdmin';
}

describe('the role x route table', () => {
  it('lists exactly the operations of the contract', () => {
    const inSpec = operations.map(({ operation }) => operation.operationId).sort();
    expect(Object.keys(ACCESS).sort()).toEqual(inSpec);
  });

  it.each(operations.map(({ operation }) => [operation.operationId, operation] as const))(
    '%s: the table agrees with the contract',
    (operationId, operation) => {
      const expected = NARROWED_IN_SERVICE.has(operationId) ? 'admin' : ACCESS[operationId];
      expect(specAccess(operation)).toBe(expected);
    },
  );
});

type Persona = 'visitor' | 'explorer' | 'admin' | 'superAdmin';
const RANK: Record<Access | Persona, number> = {
  public: 0,
  visitor: 0,
  signedIn: 1,
  explorer: 1,
  admin: 2,
  superAdmin: 3,
};

let t: TestApp;
const tokens: Partial<Record<Persona, string>> = {};
const logins: Partial<Record<Persona, { email: string; password: string }>> = {};
beforeAll(async () => {
  t = await createTestApp();
  const explorer = await registerVerified(t);
  const admin = await withRole(t, await registerVerified(t), 'admin');
  const superAdmin = await withRole(t, await registerVerified(t), 'super_admin');
  for (const [persona, account] of Object.entries({ explorer, admin, superAdmin })) {
    tokens[persona as Persona] = account.session.accessToken;
    logins[persona as Persona] = { email: account.email, password: account.password };
  }
});
afterAll(() => t.close());

/** A fresh account to act on, so calls on /admin/users/{id} reach the permission rules, not a 404. */
async function targetUser(): Promise<string> {
  const name = `target_${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.com`,
      fullName: 'Target',
      passwordHash: 'unused',
      isEmailVerified: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no target');
  return row.id;
}

async function urlOf(path: string): Promise<string> {
  const target = path.startsWith('/admin/users/{id}')
    ? await targetUser()
    : '00000000-0000-4000-8000-000000000000';
  return `/api/v1${path.replace(/\{[^}]+\}/g, target)}`;
}

/** Operations that end the caller's session (and its access token) get a session of their own. */
const SESSION_ENDING = new Set(['logoutUser']);

async function tokenFor(persona: Persona, operationId: string): Promise<string | undefined> {
  const login = logins[persona];
  if (!SESSION_ENDING.has(operationId) || !login) return tokens[persona];
  const response = await t.request({ method: 'POST', url: '/api/v1/users/login', payload: login });
  return response.json().data.accessToken;
}

const walk = operations.flatMap(({ method, path, operation }) =>
  (['visitor', 'explorer', 'admin', 'superAdmin'] as const).map(
    (persona) => [operation.operationId, persona, method, path] as const,
  ),
);

describe('every route answers each role as the table says', () => {
  it.each(walk)('%s as %s', async (operationId, persona, method, path) => {
    const access = ACCESS[operationId];
    if (!access) throw new Error(`${operationId} is missing from the role x route table`);
    const token = await tokenFor(persona, operationId);
    const response = await t.request({
      method: method as 'GET',
      url: await urlOf(path),
      ...(token ? { headers: bearer(token) } : {}),
    });
    if (RANK[persona] >= RANK[access]) {
      // Allowed: whatever the (empty) request deserves, but never a refusal for who the caller is.
      expect([401, 403]).not.toContain(response.statusCode);
    } else if (persona === 'visitor') {
      expect(response.statusCode).toBe(401);
      const garbage = await t.request({
        method: method as 'GET',
        url: await urlOf(path),
        headers: bearer('nonsense'),
      });
      expect(garbage.statusCode).toBe(401);
    } else {
      expect(response.statusCode).toBe(403);
    }
  });
});
