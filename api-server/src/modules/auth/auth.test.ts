import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jpegWithExif,
  latestCode,
  latestResetCode,
  mailsTo,
  multipart,
  newUser,
  png,
  register,
  registerVerified,
  registrationForm,
  storedFileOf,
} from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { authCodes, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

describe('registration', () => {
  it('creates an unverified account, mails a 4-digit code and stores photos without their metadata', async () => {
    const user = newUser();
    const response = await register(t, user);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Registration successful! Please check your email for verification.');
    expect(body.data).toEqual({ email: user.email });
    expect(await latestCode(t, user.email)).toMatch(/^\d{4}$/);
    const welcome = (await mailsTo(t, user.email))[0];
    // Nobody has proved the address yet: the mail carries no name the sign-up chose.
    expect(welcome?.text.startsWith('Hi,\n')).toBe(true);
    expect(welcome?.text).not.toContain(user.fullName);

    const session = (
      await post('/users/verify-email', {
        email: user.email,
        verificationCode: await latestCode(t, user.email),
      })
    ).json().data;
    expect(session.user).toMatchObject({ email: user.email, username: user.username, level: 1 });
    expect(session.user).not.toHaveProperty('passwordHash');
    const stored = await readFile(storedFileOf(t, session.user.avatar));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Photographer'))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: session.user.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a taken username with 409, and answers a taken email as a free one while mailing its owner', async () => {
    const user = newUser();
    await register(t, user);
    const sameName = await register(t, { ...newUser(), username: user.username });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toEqual([
      { field: 'username', message: 'This username is already taken' },
    ]);

    const intruder = newUser({ fullName: 'Visit evil.example now' });
    const sameEmail = await register(t, { ...intruder, email: user.email.toUpperCase() });
    const fresh = await register(t, newUser());
    expect(sameEmail.statusCode).toBe(fresh.statusCode);
    expect(sameEmail.json().message).toBe(fresh.json().message);
    expect(Object.keys(sameEmail.json().data)).toEqual(Object.keys(fresh.json().data));
    const [notice] = await mailsTo(t, user.email);
    expect(notice?.subject).toBe('Someone tried to sign up to CityQuest with your email');
    expect(notice?.text).not.toContain('evil.example');
    const holders = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(holders.map((row) => row.username)).toEqual([user.username]);
  });

  it.each([
    ['password', { password: 'short' }, 'Password must be at least 8 characters long'],
    ['email', { email: 'not-an-email' }, 'Invalid email format'],
    ['username', { username: 'x' }, 'Username must be at least 3 characters long'],
  ])('validates %s', async (_field, overrides, message) => {
    const response = await register(t, newUser(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('requires matching passwords and both photos', async () => {
    const user = newUser();
    const mismatch = await registrationForm(user, [{ name: 'confirmPassword', value: 'something-else' }]);
    // The second confirmPassword part wins, as in a form with the field twice.
    const response = await post('/users/register', undefined);
    expect(response.statusCode).toBe(400);
    const mismatched = await t.request({ method: 'POST', url: '/api/v1/users/register', ...mismatch });
    expect(mismatched.json().message).toBe('Passwords do not match');
    const noPhotos = await registrationForm(newUser(), [], { withPhotos: false });
    const missing = await t.request({ method: 'POST', url: '/api/v1/users/register', ...noPhotos });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Profile photo is required');
  });

  it('checks uploads by content and size', async () => {
    const user = newUser();
    const base = await registrationForm(user, [], { withPhotos: false });
    expect(base.payload.length).toBeGreaterThan(0);
    const fake = await multipart([
      { name: 'username', value: user.username },
      { name: 'fullName', value: user.fullName },
      { name: 'email', value: user.email },
      { name: 'password', value: user.password },
      { name: 'confirmPassword', value: user.password },
      {
        name: 'avatar',
        file: Buffer.from('<script>alert(1)</script>'),
        filename: 'me.png',
        type: 'image/png',
      },
      { name: 'coverImage', file: await png(), filename: 'cover.png', type: 'image/png' },
    ]);
    const notImage = await t.request({ method: 'POST', url: '/api/v1/users/register', ...fake });
    expect(notImage.statusCode).toBe(415);

    const huge = await multipart([
      { name: 'username', value: user.username },
      {
        name: 'avatar',
        file: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
        filename: 'big.jpg',
        type: 'image/jpeg',
      },
    ]);
    const tooLarge = await t.request({ method: 'POST', url: '/api/v1/users/register', ...huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Profile photo must be less than 5MB');

    const truncated = (await jpegWithExif(400, 300)).subarray(0, 300);
    const broken = await multipart([
      { name: 'username', value: user.username },
      { name: 'fullName', value: user.fullName },
      { name: 'email', value: user.email },
      { name: 'password', value: user.password },
      { name: 'confirmPassword', value: user.password },
      { name: 'avatar', file: truncated, filename: 'cut.jpg', type: 'image/jpeg' },
      { name: 'coverImage', file: await png(), filename: 'cover.png', type: 'image/png' },
    ]);
    const damaged = await t.request({ method: 'POST', url: '/api/v1/users/register', ...broken });
    expect(damaged.statusCode).toBeGreaterThanOrEqual(400);
    expect(damaged.statusCode).toBeLessThan(500);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row).toBeUndefined();
  });
});

describe('email verification codes', () => {
  it('refuses login until verified, then verifies and signs in', async () => {
    const user = newUser();
    await register(t, user);
    const early = await post('/users/login', { username: user.username, password: user.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().message.toLowerCase()).toContain('not verified');

    const code = await latestCode(t, user.email);
    const verified = await post('/users/verify-email', { email: user.email, verificationCode: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.isEmailVerified).toBe(true);
    const reused = await post('/users/verify-email', { email: user.email, verificationCode: code });
    expect(reused.statusCode).toBe(400);
  });

  it('burns a code after 5 wrong tries', async () => {
    const user = newUser();
    await register(t, user);
    const code = await latestCode(t, user.email);
    const wrong = code === '0000' ? '1111' : '0000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push(
        (await post('/users/verify-email', { email: user.email, verificationCode: wrong })).json().message,
      );
    }
    expect(messages[0]).toBe('Invalid or expired verification code');
    expect(messages[4]).toMatch(/Too many wrong attempts/);
    const right = await post('/users/verify-email', { email: user.email, verificationCode: code });
    expect(right.statusCode).toBe(400);
  });

  it('expires codes after 10 minutes', async () => {
    const user = newUser();
    await register(t, user);
    const code = await latestCode(t, user.email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.userId, row?.id ?? ''));
    const late = await post('/users/verify-email', { email: user.email, verificationCode: code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Invalid or expired verification code');
  });

  it('sends at most 5 codes per account per hour, answering past that as for an unknown email', async () => {
    const user = newUser();
    await register(t, user);
    for (let i = 0; i < 4; i++) {
      expect((await post('/users/resend-verification-code', { email: user.email })).statusCode).toBe(200);
    }
    expect(await mailsTo(t, user.email)).toHaveLength(5);
    const limited = await post('/users/resend-verification-code', { email: user.email });
    const unknown = await post('/users/resend-verification-code', { email: `nobody-${user.email}` });
    expect(limited.statusCode).toBe(200);
    expect(limited.json().message).toBe(unknown.json().message);
    expect(await mailsTo(t, user.email)).toHaveLength(5);
  });
});

describe('sign-in and tokens', () => {
  it('signs in by username or email and answers Invalid credentials otherwise', async () => {
    const user = await registerVerified(t);
    const byName = await post('/users/login', {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(byName.statusCode).toBe(200);
    const byEmail = await post('/users/login', { email: user.email, password: user.password });
    expect(byEmail.json().data.user.username).toBe(user.username);
    const wrong = await post('/users/login', { email: user.email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid credentials');
    const unknown = await post('/users/login', { username: 'nobody_here', password: 'wrong-password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rotates refresh tokens and revokes the family when a spent one is replayed', async () => {
    const { session } = await registerVerified(t);
    const first = await post('/users/refresh-token', { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    const next = first.json().data;
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(next.accessToken),
    });
    expect(me.statusCode).toBe(200);

    const replay = await post('/users/refresh-token', { refreshToken: session.refreshToken });
    expect(replay.statusCode).toBe(401);
    const afterReplay = await post('/users/refresh-token', { refreshToken: next.refreshToken });
    expect(afterReplay.statusCode).toBe(401);
  });

  it('keeps access and refresh tokens apart', async () => {
    const { session } = await registerVerified(t);
    const accessAsRefresh = await post('/users/refresh-token', { refreshToken: session.accessToken });
    expect(accessAsRefresh.statusCode).toBe(401);
    const refreshAsAccess = await t.request({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(session.refreshToken),
    });
    expect(refreshAsAccess.statusCode).toBe(401);
    const [, payload] = session.accessToken.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${noneHeader}.${payload}.`;
    const forged = await t.request({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(unsigned),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses suspended accounts at login, refresh and on every call', async () => {
    const user = await registerVerified(t);
    await t.database.db
      .update(users)
      .set({ accountVerified: false, suspensionReason: 'Spamming quests' })
      .where(eq(users.id, user.session.user._id));
    const login = await post('/users/login', { username: user.username, password: user.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Your account has been suspended: Spamming quests');
    const refresh = await post('/users/refresh-token', { refreshToken: user.session.refreshToken });
    expect(refresh.statusCode).toBe(403);
    const call = await t.request({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: bearer(user.session.accessToken),
    });
    expect(call.statusCode).toBe(403);
  });

  it('logout revokes the session refresh token', async () => {
    const { session } = await registerVerified(t);
    const out = await post('/users/logout', undefined, bearer(session.accessToken));
    expect(out.statusCode).toBe(200);
    expect((await post('/users/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('answers a reset request alike for known and unknown emails', async () => {
    const user = await registerVerified(t);
    const known = await post('/users/request-password-reset', { email: user.email });
    const unknown = await post('/users/request-password-reset', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json().message).toBe(unknown.json().message);
    const ghostMail = await t.request({ method: 'GET', url: '/api/v1/dev/outbox?to=ghost%40example.com' });
    expect(ghostMail.json().data).toEqual([]);
  });

  it('resets a password with the mailed code and signs out every session', async () => {
    const user = await registerVerified(t);
    await post('/users/request-password-reset', { email: user.email });
    const resetCode = await latestResetCode(t, user.email);
    const mismatch = await post('/users/reset-password', {
      email: user.email,
      resetCode,
      newPassword: 'brand-new-password',
      confirmPassword: 'different-password',
    });
    expect(mismatch.json().message).toBe('Passwords do not match');
    const reset = await post('/users/reset-password', {
      email: user.email,
      resetCode,
      newPassword: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/users/refresh-token', { refreshToken: user.session.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await post('/users/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect(
      (await post('/users/login', { email: user.email, password: 'brand-new-password' })).statusCode,
    ).toBe(200);
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const user = await registerVerified(t);
    const other = (await post('/users/login', { email: user.email, password: user.password })).json().data;
    const auth = bearer(user.session.accessToken);
    const wrong = await post(
      '/users/change-password',
      {
        currentPassword: 'not-my-password',
        newPassword: 'another-password',
        confirmNewPassword: 'another-password',
      },
      auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const same = await post(
      '/users/change-password',
      { currentPassword: user.password, newPassword: user.password, confirmNewPassword: user.password },
      auth,
    );
    expect(same.json().message).toBe('New password must be different from current password');
    const changed = await post(
      '/users/change-password',
      {
        currentPassword: user.password,
        newPassword: 'another-password',
        confirmNewPassword: 'another-password',
      },
      auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/users/refresh-token', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await post('/users/refresh-token', { refreshToken: user.session.refreshToken })).statusCode).toBe(
      200,
    );
  });
});
