import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema.ts';
import { ADMIN_SESSION_TWO_FACTOR_MESSAGE } from '../../src/plugins/auth.ts';
import { registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';
import { call, type Explorer, idOf, submitQuest, withRole } from '../quest-fixtures.ts';

// docs/ops/security.md#sessions: sessions carry how they were proved (the review's M3, L1 and L13).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ requireAdminTwoFactor: true, accountCacheMs: 0, sessionMaxDays: 30 });
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const get = (url: string, token: string) =>
  t.request({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function enrolWithCodes(who: Explorer) {
  const setup = await post('/users/two-factor/setup', {}, who.session.accessToken);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await post('/users/two-factor/enable', { code: codeFor(secret) }, who.session.accessToken);
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}
const enrol = async (who: Explorer) => (await enrolWithCodes(who)).secret;

describe('a session opened with the password alone', () => {
  it('ends when the owner turns two-factor sign-in on, refresh token included', async () => {
    const admin = await withRole(t, await registerVerified(t), 'admin');
    // The attacker's session: the admin's password, before enrolment.
    const attacker = await post('/users/login', { email: admin.email, password: admin.password });
    const stolen = attacker.json().data as { accessToken: string; refreshToken: string };
    await enrol(admin);
    expect((await post('/users/refresh-token', { refreshToken: stolen.refreshToken })).statusCode).toBe(401);
    expect((await get('/admin/users', stolen.accessToken)).statusCode).toBe(401);
    // The enrolling session was proved with the code: it keeps admin powers.
    expect((await get('/admin/users', admin.session.accessToken)).statusCode).toBe(200);
  });

  it('gets no admin powers from an account that has a factor, on any route that uses them', async () => {
    const admin = await withRole(t, await registerVerified(t), 'admin');
    await enrol(admin);
    // A password-only session of an account with a factor: what REQUIRE_ADMIN_2FA switched on later leaves.
    const plain = await post('/users/login', { email: admin.email, password: admin.password });
    const { challenge } = plain.json().data as { challenge: string };
    expect(challenge).toEqual(expect.any(String));
    await t.database.db
      .update(refreshTokens)
      .set({ secondFactor: false })
      .where(eq(refreshTokens.familyId, await familyOf(admin)));
    const refused = await get('/admin/users', admin.session.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_SESSION_TWO_FACTOR_MESSAGE);

    const creator = await registerVerified(t);
    const pendingId = (await submitQuest(t, creator)).json().data._id as string;
    expect((await call(t, 'GET', `/quests/${pendingId}`, admin)).statusCode).toBe(404);
    const listed = (await call(t, 'GET', '/quests?status=pending&limit=100', admin)).json().data.quests as {
      _id: string;
    }[];
    expect(listed.map((quest) => quest._id)).not.toContain(pendingId);
    expect((await call(t, 'DELETE', `/quests/${pendingId}`, admin)).statusCode).toBe(404);
  });
});

async function familyOf(who: Explorer): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, idOf(who)));
  return row?.familyId ?? '';
}

describe('turning two-factor sign-in off', () => {
  it("ends the account's other sessions", async () => {
    const who = await registerVerified(t);
    const { secret, recoveryCodes } = await enrolWithCodes(who);
    const login = await post('/users/login', { email: who.email, password: who.password });
    const second = await post('/users/login/two-factor', {
      challenge: login.json().data.challenge,
      code: codeFor(secret, 1),
    });
    const other = second.json().data as { accessToken: string };
    const off = await post(
      '/users/two-factor/disable',
      { password: who.password, code: recoveryCodes[0] ?? '' },
      who.session.accessToken,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await get('/users/current-user', other.accessToken)).statusCode).toBe(401);
    expect((await get('/users/current-user', who.session.accessToken)).statusCode).toBe(200);
  });
});

describe('every session', () => {
  it('ends SESSION_MAX_DAYS after its sign-in, however often it was refreshed', async () => {
    const who = await registerVerified(t);
    const refreshed = await post('/users/refresh-token', { refreshToken: who.session.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const { refreshToken } = refreshed.json().data as { refreshToken: string };
    await t.database.db
      .update(refreshTokens)
      .set({ signedInAt: new Date(Date.now() - 31 * 24 * 60 * 60_000) })
      .where(eq(refreshTokens.userId, idOf(who)));
    const expired = await post('/users/refresh-token', { refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('This session has expired. Please sign in again.');
  });

  it('has its refresh tokens expire no later than the absolute end', async () => {
    const who = await registerVerified(t);
    await t.database.db
      .update(refreshTokens)
      .set({ signedInAt: new Date(Date.now() - 29 * 24 * 60 * 60_000) })
      .where(eq(refreshTokens.userId, idOf(who)));
    const refreshed = await post('/users/refresh-token', { refreshToken: who.session.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const tokens = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, idOf(who)));
    const newest = tokens.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
    expect(newest.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000 + 5_000);
  });
});
