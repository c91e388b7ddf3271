import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailsTo, registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { withRole } from '../../../test/quest-fixtures.ts';
import { recoveryCodes, secondFactorFailures, twoFactorSecrets } from '../../db/schema.ts';
import { ADMIN_TWO_FACTOR_MESSAGE } from '../../plugins/auth.ts';
import { ADMINS_KEEP_IT } from './two-factor-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Explorer = Awaited<ReturnType<typeof registerVerified>>;
const post = (app: TestApp, url: string, payload: object, token?: string) =>
  app.request({ method: 'POST', url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const get = (app: TestApp, url: string, token: string) =>
  app.request({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

/** What an authenticator app shows for the secret, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Sets up and turns on two-factor sign-in; answers the secret and the recovery codes. */
async function enrol(app: TestApp, who: Explorer) {
  const setup = await post(app, '/users/two-factor/setup', {}, who.session.accessToken);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await post(
    app,
    '/users/two-factor/enable',
    { code: codeFor(secret) },
    who.session.accessToken,
  );
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

async function challengeOf(app: TestApp, who: Explorer): Promise<string> {
  const login = await post(app, '/users/login', { username: who.username, password: who.password });
  expect(login.statusCode).toBe(200);
  return login.json().data.challenge;
}

describe('enrolment', () => {
  it('shows a secret and its QR code, takes effect only with a first right code, and issues 10 recovery codes', async () => {
    const who = await registerVerified(t);
    const token = who.session.accessToken;
    expect((await get(t, '/users/two-factor', token)).json().data).toEqual({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const setup = (await post(t, '/users/two-factor/setup', {}, token)).json().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/CityQuest:/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Kept sealed: the database never holds the secret as it was shown.
    const [stored] = await t.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, who.session.user._id));
    expect(stored?.sealedSecret).not.toContain(setup.secret);
    expect(stored?.enabledAt).toBeNull();

    // Not on yet: the password alone still signs in.
    const before = await post(t, '/users/login', { username: who.username, password: who.password });
    expect(before.json().data.accessToken).toEqual(expect.any(String));

    const wrong = await post(
      t,
      '/users/two-factor/enable',
      { code: otherCode(codeFor(setup.secret)) },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'code', message: 'Invalid or already used code' }]);

    const enabled = await post(t, '/users/two-factor/enable', { code: codeFor(setup.secret) }, token);
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    const hashes = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, who.session.user._id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes.map((code) => code.replace('-', ''))).not.toContain(row.codeHash);

    const status = (await get(t, '/users/two-factor', token)).json().data;
    expect(status).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await get(t, '/users/current-user', token)).json().data.settings.security).toEqual({
      twoFactorAuth: true,
    });
    expect((await post(t, '/users/two-factor/setup', {}, token)).statusCode).toBe(409);
    expect(
      (await post(t, '/users/two-factor/enable', { code: codeFor(setup.secret) }, token)).statusCode,
    ).toBe(409);
    expect((await mailsTo(t, who.email)).map((mail) => mail.subject)).toContain(
      'Two-factor sign-in turned on',
    );
  });

  it('refuses a first code before any setup, and a settings change that would fake the switch', async () => {
    const who = await registerVerified(t);
    const early = await post(t, '/users/two-factor/enable', { code: '123456' }, who.session.accessToken);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].field).toBe('code');
    const faked = await post(
      t,
      '/users/settings',
      { security: { twoFactorAuth: true } },
      who.session.accessToken,
    );
    expect(faked.statusCode).toBe(400);
    const login = await post(t, '/users/login', { username: who.username, password: who.password });
    expect(login.json().data.accessToken).toEqual(expect.any(String));
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of tokens, and the code completes the sign-in once', async () => {
    const who = await registerVerified(t);
    const { secret } = await enrol(t, who);

    const login = await post(t, '/users/login', { email: who.email, password: who.password });
    expect(login.statusCode).toBe(200);
    const data = login.json().data;
    expect(Object.keys(data).sort()).toEqual(['challenge', 'expiresAt', 'twoFactorRequired']);
    expect(data.twoFactorRequired).toBe(true);
    const lifetime = new Date(data.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    // The challenge is not an access token.
    expect((await get(t, '/users/current-user', data.challenge)).statusCode).toBe(401);

    const wrong = await post(t, '/users/login/two-factor', {
      challenge: data.challenge,
      code: otherCode(codeFor(secret, 1)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'code', message: 'Invalid or already used code' }]);

    const code = codeFor(secret, 1);
    const done = await post(t, '/users/login/two-factor', {
      challenge: data.challenge,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json().data;
    expect(session.user._id).toBe(who.session.user._id);
    expect((await get(t, '/users/current-user', session.accessToken)).statusCode).toBe(200);

    // The same code, even with a fresh challenge, is refused: a code seen over a shoulder is spent.
    const replay = await post(t, '/users/login/two-factor', { challenge: await challengeOf(t, who), code });
    expect(replay.statusCode).toBe(400);
  });

  it('accepts one of two identical codes sent at once', async () => {
    const who = await registerVerified(t);
    const { secret } = await enrol(t, who);
    const [first, second] = await Promise.all([challengeOf(t, who), challengeOf(t, who)]);
    const code = codeFor(secret, 1);
    const answers = await Promise.all(
      [first, second].map((challenge) => post(t, '/users/login/two-factor', { challenge, code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an altered or expired challenge, and a challenge of an account that turned it off', async () => {
    const who = await registerVerified(t);
    const { secret } = await enrol(t, who);
    const challenge = await challengeOf(t, who);
    const altered = `${challenge.slice(0, -3)}${challenge.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const tampered = await post(t, '/users/login/two-factor', { challenge: altered, code: codeFor(secret) });
    expect(tampered.statusCode).toBe(401);
    expect(
      (
        await post(t, '/users/login/two-factor', {
          challenge: who.session.accessToken,
          code: codeFor(secret),
        })
      ).statusCode,
    ).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const late = await post(t, '/users/login/two-factor', { challenge, code: codeFor(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('takes a recovery code once, in any case and spacing, and new codes replace the old', async () => {
    const who = await registerVerified(t);
    const { secret, recoveryCodes: codes } = await enrol(t, who);
    const [first = '', second = ''] = codes;
    const typed = ` ${first.toLowerCase().replace('-', ' ')} `;
    const used = await post(t, '/users/login/two-factor', {
      challenge: await challengeOf(t, who),
      code: typed,
    });
    expect(used.statusCode, used.body).toBe(200);
    const again = await post(t, '/users/login/two-factor', {
      challenge: await challengeOf(t, who),
      code: first,
    });
    expect(again.statusCode).toBe(400);
    const token = used.json().data.accessToken;
    expect((await get(t, '/users/two-factor', token)).json().data.recoveryCodesLeft).toBe(9);

    const renewed = await post(t, '/users/two-factor/recovery-codes', { code: codeFor(secret, 1) }, token);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    expect(
      (await post(t, '/users/login/two-factor', { challenge: await challengeOf(t, who), code: second }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(t, '/users/login/two-factor', {
          challenge: await challengeOf(t, who),
          code: fresh[0] ?? '',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('slows down after 5 wrong codes in a row (429 with Retry-After, never a day), mails the owner once, and a right code clears it', async () => {
    const who = await registerVerified(t);
    const { secret } = await enrol(t, who);
    const challenge = await challengeOf(t, who);
    const wrong = otherCode(otherCode(codeFor(secret)));
    for (let i = 0; i < 5; i++) {
      expect((await post(t, '/users/login/two-factor', { challenge, code: wrong })).statusCode).toBe(400);
    }
    const waiting = await post(t, '/users/login/two-factor', { challenge, code: codeFor(secret) });
    expect(waiting.statusCode).toBe(429);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    const notices = (await mailsTo(t, who.email)).filter((mail) =>
      /wrong two-factor codes/i.test(mail.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('change it now');

    // Once the wait is over (moved back here rather than slept), the right code signs in and clears the count.
    await t.database.db
      .update(secondFactorFailures)
      .set({ lastFailedAt: new Date(Date.now() - 31_000) })
      .where(eq(secondFactorFailures.userId, who.session.user._id));
    const signedIn = await post(t, '/users/login/two-factor', {
      challenge: await challengeOf(t, who),
      code: codeFor(secret, 1),
    });
    expect(signedIn.statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(secondFactorFailures)
      .where(eq(secondFactorFailures.userId, who.session.user._id));
    expect(left).toHaveLength(0);
  });
});

describe('turning it off', () => {
  it('needs the password and a code, and then the password alone signs in', async () => {
    const who = await registerVerified(t);
    const { secret } = await enrol(t, who);
    const token = who.session.accessToken;
    const badPassword = await post(
      t,
      '/users/two-factor/disable',
      { password: 'not-the-password', code: codeFor(secret) },
      token,
    );
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    const badCode = await post(
      t,
      '/users/two-factor/disable',
      { password: who.password, code: '12345' },
      token,
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors[0].field).toBe('code');

    const off = await post(
      t,
      '/users/two-factor/disable',
      { password: who.password, code: codeFor(secret, 1) },
      token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const rows = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, who.session.user._id));
    expect(rows).toEqual([]);
    const login = await post(t, '/users/login', { username: who.username, password: who.password });
    expect(login.json().data.accessToken).toEqual(expect.any(String));
    expect((await mailsTo(t, who.email)).map((mail) => mail.subject)).toContain(
      'Two-factor sign-in turned off',
    );
    const again = await post(
      t,
      '/users/two-factor/disable',
      { password: who.password, code: codeFor(secret, 1) },
      token,
    );
    expect(again.json().errors).toEqual([{ field: 'code', message: 'Two-factor sign-in is off' }]);
    expect(again.statusCode).toBe(400);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ requireAdminTwoFactor: true });
  });
  afterAll(() => strict.close());

  it('refuses admin calls until the admin turns it on, and then keeps it on', async () => {
    const who = await withRole(strict, await registerVerified(strict), 'admin');
    const token = who.session.accessToken;
    const refused = await get(strict, '/admin/dashboard', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGE);
    // What an explorer may do stays open, enrolment among it.
    expect((await get(strict, '/users/current-user', token)).statusCode).toBe(200);
    expect((await get(strict, '/users/two-factor', token)).json().data).toMatchObject({
      enabled: false,
      required: true,
    });

    const { secret } = await enrol(strict, who);
    expect((await get(strict, '/admin/dashboard', token)).statusCode).toBe(200);
    const keep = await post(
      strict,
      '/users/two-factor/disable',
      { password: who.password, code: codeFor(secret, 1) },
      token,
    );
    expect(keep.statusCode).toBe(403);
    expect(keep.json().message).toBe(ADMINS_KEEP_IT);
  });

  it('leaves explorers free to choose', async () => {
    const who = await registerVerified(strict);
    expect((await get(strict, '/users/two-factor', who.session.accessToken)).json().data.required).toBe(
      false,
    );
    const { secret } = await enrol(strict, who);
    const off = await post(
      strict,
      '/users/two-factor/disable',
      { password: who.password, code: codeFor(secret, 1) },
      who.session.accessToken,
    );
    expect(off.statusCode).toBe(200);
  });
});
