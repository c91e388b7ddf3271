import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, refreshTokens } from '../../src/db/schema.ts';
import { STEP_UP_REQUIRED } from '../../src/modules/auth/step-up.ts';
import { latestResetCode, mailsTo, registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';
import { type Explorer, idOf, withRole } from '../quest-fixtures.ts';

// docs/ops/security.md#step-up: step-up for account security (the review's M2).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ accountCacheMs: 0 });
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** What a token stolen from a session signed in a while ago holds: a sign-in 10 minutes old. */
async function signedInLongAgo(who: Explorer): Promise<void> {
  await t.database.db
    .update(refreshTokens)
    .set({ signedInAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(refreshTokens.userId, idOf(who)));
}

async function enrol(who: Explorer, password?: string) {
  const setup = await post('/users/two-factor/setup', password ? { password } : {}, who.session.accessToken);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await post('/users/two-factor/enable', { code: codeFor(secret) }, who.session.accessToken);
  expect(enabled.statusCode).toBe(200);
  return secret;
}

describe('enrolling a second factor', () => {
  it('refuses a bearer token alone once the sign-in is older than 5 minutes', async () => {
    const victim = await registerVerified(t);
    await signedInLongAgo(victim);
    const stolen = await post('/users/two-factor/setup', {}, victim.session.accessToken);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([{ field: 'password', message: STEP_UP_REQUIRED }]);
    const guessed = await post(
      '/users/two-factor/setup',
      { password: 'Not-Their-Pass-9' },
      victim.session.accessToken,
    );
    expect(guessed.json().errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    // The owner, who knows the password, enrols.
    await enrol(victim, victim.password);
  });

  it('needs no password within 5 minutes of signing in, and the notice says how to undo it', async () => {
    const who = await registerVerified(t);
    await enrol(who);
    const notice = (await mailsTo(t, who.email)).find(
      (mail) => mail.subject === 'Two-factor sign-in turned on',
    );
    expect(notice?.text).toContain('reset your password now');
    expect(notice?.text).toContain('super admin');
  });
});

describe('new recovery codes', () => {
  it('need the password as well as a code when the sign-in is older than 5 minutes', async () => {
    const who = await registerVerified(t);
    const secret = await enrol(who);
    await signedInLongAgo(who);
    const token = who.session.accessToken;
    const without = await post('/users/two-factor/recovery-codes', { code: codeFor(secret, 1) }, token);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual([{ field: 'password', message: STEP_UP_REQUIRED }]);
    const withIt = await post(
      '/users/two-factor/recovery-codes',
      { code: codeFor(secret, 1), password: who.password },
      token,
    );
    expect(withIt.statusCode).toBe(200);
    expect(withIt.json().data.recoveryCodes).toHaveLength(10);
  });
});

describe('a lost second factor', () => {
  it('stays through a password reset by email', async () => {
    const who = await registerVerified(t);
    await enrol(who);
    await post('/users/request-password-reset', { email: who.email });
    const resetCode = await latestResetCode(t, who.email);
    const newPassword = 'Quartz-Lantern-Meadow-77';
    const reset = await post('/users/reset-password', {
      email: who.email,
      resetCode,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/users/login', { email: who.email, password: newPassword });
    expect(login.json().data).toMatchObject({ twoFactorRequired: true });
  });

  it('is removed by a super admin who proves themselves again and gives a reason: logged, mailed, sessions ended', async () => {
    const owner = await registerVerified(t);
    await enrol(owner);
    const superAdmin = await withRole(t, await registerVerified(t), 'super_admin');
    const plainAdmin = await withRole(t, await registerVerified(t), 'admin');
    const url = `/admin/users/${idOf(owner)}/two-factor/reset`;
    const reason = 'Lost phone; identity checked by video call';

    expect(
      (await post(url, { reason, password: plainAdmin.password }, plainAdmin.session.accessToken)).statusCode,
    ).toBe(403);
    const wrong = await post(url, { reason, password: 'Not-The-Pass-1' }, superAdmin.session.accessToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    expect(
      (await post(url, { reason: 'x', password: superAdmin.password }, superAdmin.session.accessToken))
        .statusCode,
    ).toBe(400);

    const reset = await post(url, { reason, password: superAdmin.password }, superAdmin.session.accessToken);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ _id: idOf(owner), twoFactorEnabled: false });
    // The owner's sessions ended, and the password alone signs in again.
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(owner.session.accessToken),
    });
    expect(me.statusCode).toBe(401);
    const login = await post('/users/login', { email: owner.email, password: owner.password });
    expect(login.json().data.accessToken).toEqual(expect.any(String));
    const mail = (await mailsTo(t, owner.email)).find(
      (m) => m.subject === 'Two-factor sign-in removed by an administrator',
    );
    expect(mail?.text).toContain(reason);
    const logged = await t.database.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.targetId, idOf(owner)));
    expect(logged).toEqual([
      expect.objectContaining({
        actionType: 'two_factor_reset',
        adminId: idOf(superAdmin),
        reason,
        result: 'success',
      }),
    ]);
    expect(
      (await post(url, { reason, password: superAdmin.password }, superAdmin.session.accessToken)).statusCode,
    ).toBe(409);
  });

  it('asks a super admin with a factor of their own for its code, and refuses their own account', async () => {
    const owner = await registerVerified(t);
    await enrol(owner);
    const superAdmin = await withRole(t, await registerVerified(t), 'super_admin');
    const secret = await enrol(superAdmin);
    const url = `/admin/users/${idOf(owner)}/two-factor/reset`;
    const reason = 'Lost phone, checked';
    const noCode = await post(url, { reason, password: superAdmin.password }, superAdmin.session.accessToken);
    expect(noCode.json().errors).toEqual([
      { field: 'code', message: 'Enter a code from your own authenticator app.' },
    ]);
    const own = await post(
      `/admin/users/${idOf(superAdmin)}/two-factor/reset`,
      { reason, code: codeFor(secret, 1) },
      superAdmin.session.accessToken,
    );
    expect(own.statusCode).toBe(403);
    const done = await post(url, { reason, code: codeFor(secret, 1) }, superAdmin.session.accessToken);
    expect(done.statusCode, done.body).toBe(200);
  });
});
