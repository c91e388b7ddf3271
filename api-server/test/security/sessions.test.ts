import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema.ts';
import { createProcessCoordination } from '../../src/lib/coordination.ts';
import { createAccountCache } from '../../src/modules/auth/account-cache.ts';
import { issueInFamily, type SessionContext, spendRefreshToken } from '../../src/modules/auth/sessions.ts';
import { createTokenService, hashRefreshToken } from '../../src/modules/auth/tokens.ts';
import { latestResetCode, registerVerified, type SessionData } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';
import { admin, type Explorer, idOf, withRole } from '../quest-fixtures.ts';

// Accounts are cached far longer than the test runs: an access token refused here was refused because its
// session ended, not because a cache entry expired.
let t: TestApp;
let moderator: Explorer;
let chief: Explorer;
beforeAll(async () => {
  t = await createTestApp({ accountCacheMs: 600_000 });
  moderator = await admin(t);
  chief = await withRole(t, await registerVerified(t), 'super_admin');
});
afterAll(() => t.close());

const SESSION_ENDED = 'This session has ended. Please sign in again.';
const post = (url: string, payload?: object, token?: string) =>
  t.request({
    method: 'POST',
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: bearer(token) } : {}),
  });
const get = (url: string, token: string) =>
  t.request({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const me = (token: string) => get('/users/current-user', token);
const patchUser = (by: Explorer, target: Explorer, change: string, payload: object = {}) =>
  t.request({
    method: 'PATCH',
    url: `/api/v1/admin/users/${idOf(target)}/${change}`,
    headers: bearer(by.session.accessToken),
    payload,
  });

async function signIn(who: Explorer, password = who.password): Promise<SessionData> {
  const response = await post('/users/login', { email: who.email, password });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Both tokens answer now, so the account cache holds them before the write that should end them. */
async function expectLive(...tokens: string[]) {
  for (const token of tokens) expect((await me(token)).statusCode).toBe(200);
}

async function expectEnded(token: string) {
  const refused = await me(token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json().message).toBe(SESSION_ENDED);
}

describe('an access token dies with its session, at once', () => {
  it('on logout, for that session only', async () => {
    const user = await registerVerified(t);
    const other = await signIn(user);
    await expectLive(user.session.accessToken, other.accessToken);
    expect((await post('/users/logout', undefined, user.session.accessToken)).statusCode).toBe(200);
    await expectEnded(user.session.accessToken);
    await expectLive(other.accessToken);
  });

  it("on a password change, for the account's other sessions", async () => {
    const user = await registerVerified(t);
    const other = await signIn(user);
    await expectLive(user.session.accessToken, other.accessToken);
    const changed = await post(
      '/users/change-password',
      {
        currentPassword: user.password,
        newPassword: 'Tangerine-Harbor-51',
        confirmNewPassword: 'Tangerine-Harbor-51',
      },
      user.session.accessToken,
    );
    expect(changed.statusCode).toBe(200);
    await expectEnded(other.accessToken);
    await expectLive(user.session.accessToken);
  });

  it('on a password reset, for every session', async () => {
    const user = await registerVerified(t);
    const other = await signIn(user);
    await expectLive(user.session.accessToken, other.accessToken);
    await post('/users/request-password-reset', { email: user.email });
    const resetCode = await latestResetCode(t, user.email);
    const reset = await post('/users/reset-password', {
      email: user.email,
      resetCode,
      newPassword: 'Quartz-Meadow-Lantern-88',
      confirmPassword: 'Quartz-Meadow-Lantern-88',
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(user.session.accessToken);
    await expectEnded(other.accessToken);
  });

  it('on suspension: 403 while suspended, and the session stays ended after reactivation', async () => {
    const user = await registerVerified(t);
    await expectLive(user.session.accessToken);
    expect((await patchUser(moderator, user, 'suspend', { reason: 'Spam' })).statusCode).toBe(200);
    const suspended = await me(user.session.accessToken);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe('Your account has been suspended: Spam');
    expect((await patchUser(moderator, user, 'reactivate')).statusCode).toBe(200);
    await expectEnded(user.session.accessToken);
    await expectLive((await signIn(user)).accessToken);
  });

  it('on promotion and demotion; a new sign-in carries the new role', async () => {
    const user = await registerVerified(t);
    await expectLive(user.session.accessToken);
    expect((await patchUser(moderator, user, 'promote-admin')).statusCode).toBe(200);
    await expectEnded(user.session.accessToken);

    const asAdmin = await signIn(user);
    expect((await get('/admin/users', asAdmin.accessToken)).statusCode).toBe(200);
    expect((await patchUser(chief, user, 'demote-user')).statusCode).toBe(200);
    await expectEnded(asAdmin.accessToken);
    const asExplorer = await signIn(user);
    expect((await get('/admin/users', asExplorer.accessToken)).statusCode).toBe(403);
  });

  it('when a spent refresh token is replayed, for both holders of the session', async () => {
    const user = await registerVerified(t);
    const rotated = await post('/users/refresh-token', { refreshToken: user.session.refreshToken });
    const next = rotated.json().data as { accessToken: string };
    await expectLive(user.session.accessToken, next.accessToken);
    expect((await post('/users/refresh-token', { refreshToken: user.session.refreshToken })).statusCode).toBe(
      401,
    );
    await expectEnded(next.accessToken);
    await expectEnded(user.session.accessToken);
  });

  it('when the account is deleted', async () => {
    const user = await registerVerified(t);
    await expectLive(user.session.accessToken);
    const deleted = await t.request({
      method: 'DELETE',
      url: '/api/v1/users/delete-account',
      headers: bearer(user.session.accessToken),
      payload: { password: user.password, confirmDeletion: 'DELETE_MY_ACCOUNT' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
  });
});

describe('a refresh racing a revocation', () => {
  // The two steps of a refresh, called directly so a revocation can fall between them without timing.
  const direct = (): SessionContext => ({
    db: t.database.db,
    tokens: createTokenService(t.config.jwtSecret),
    accounts: createAccountCache(t.database.db, 0, createProcessCoordination()),
    config: t.config,
  });

  it('does not bring back a session logged out after the refresh spent its token: the refresh answers 401', async () => {
    const user = await registerVerified(t);
    const spent = await spendRefreshToken(direct(), user.session.refreshToken);
    expect((await post('/users/logout', undefined, user.session.accessToken)).statusCode).toBe(200);
    await expect(issueInFamily(direct(), spent.user, spent.familyId, spent.origin)).rejects.toMatchObject({
      statusCode: 401,
      message: SESSION_ENDED,
    });
    await expectEnded(user.session.accessToken);
    const tokens = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, spent.familyId));
    expect(tokens).toHaveLength(1);
  });

  it('ends the session when a revocation missed the successor issued while it ran', async () => {
    const user = await registerVerified(t);
    const spent = await spendRefreshToken(direct(), user.session.refreshToken);
    const successor = await issueInFamily(direct(), spent.user, spent.familyId, spent.origin);
    // What a logout whose statement began before the successor was committed leaves: every older token revoked.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.familyId, spent.familyId),
          ne(refreshTokens.tokenHash, hashRefreshToken(successor.refreshToken)),
        ),
      );
    const refreshed = await post('/users/refresh-token', { refreshToken: successor.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().message).toBe(SESSION_ENDED);
    await expectEnded(successor.accessToken);
  });
});
