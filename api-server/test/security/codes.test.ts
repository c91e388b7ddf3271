import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, users } from '../../src/db/schema.ts';
import { latestCode, latestResetCode, mailsTo, newUser, register, registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.request({ method: 'POST', url: `/api/v1${url}`, payload });
const NEW_PASSWORD = 'Velvet-Canyon-Orbit-42';
const resetWith = (email: string, resetCode: string) =>
  post('/users/reset-password', {
    email,
    resetCode,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
const DAY_MS = 24 * 60 * 60 * 1000;
/** What a client sees of an answer: its status, its body and whether it asks to wait. */
const seen = (answer: Awaited<ReturnType<typeof post>>) => ({
  status: answer.statusCode,
  body: answer.json(),
  retryAfter: answer.headers['retry-after'],
});
const unknownEmail = () =>
  `nobody-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('reset codes', () => {
  it('are 8 characters from an alphabet without 0, O, 1, I or L, read without regard to case, spaces or dashes', async () => {
    const user = await registerVerified(t);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await post('/users/request-password-reset', { email: user.email })).statusCode).toBe(200);
      codes.push(await latestResetCode(t, user.email));
    }
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(new Set(codes).size).toBe(3);

    const newest = codes[2] ?? '';
    const typed = `  ${newest.slice(0, 4).toLowerCase()}-${newest.slice(4).toLowerCase()} `;
    expect((await resetWith(user.email, typed)).statusCode).toBe(200);
    const login = await post('/users/login', { email: user.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});

describe('wrong codes count only against a live code', () => {
  it('costs an account nothing when a stranger tries reset codes while none is live: its next code still works', async () => {
    const user = await registerVerified(t);
    // The review's lockout: eleven anonymous resets with a victim's email and a made-up code.
    for (let i = 0; i < 11; i++) {
      const answer = seen(await resetWith(user.email, 'AAAAAAAA'));
      expect(answer).toEqual(seen(await resetWith(unknownEmail(), 'AAAAAAAA')));
      expect(answer.status).toBe(400);
    }
    expect((await post('/users/request-password-reset', { email: user.email })).statusCode).toBe(200);
    const resetCode = await latestResetCode(t, user.email);
    expect((await resetWith(user.email, resetCode)).statusCode).toBe(200);
    expect((await post('/users/login', { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('burns a reset code after 5 wrong tries, counted atomically: of 20 at once, 5 count and then none is live', async () => {
    const user = await registerVerified(t);
    await post('/users/request-password-reset', { email: user.email });
    const resetCode = await latestResetCode(t, user.email);
    const wrong = resetCode === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    const answers = await Promise.all(Array.from({ length: 20 }, () => resetWith(user.email, wrong)));
    const ghost = seen(await resetWith(unknownEmail(), wrong));
    for (const answer of answers) expect(seen(answer)).toEqual(ghost);
    const [code] = await t.database.db
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.userId, user.session.user._id), eq(authCodes.purpose, 'reset_password')));
    expect(code?.attempts).toBe(5);
    expect(code?.consumedAt).not.toBeNull();
    expect((await resetWith(user.email, resetCode)).statusCode).toBe(400);
    // A new code works at once: the burnt one locked nothing.
    await post('/users/request-password-reset', { email: user.email });
    expect((await resetWith(user.email, await latestResetCode(t, user.email))).statusCode).toBe(200);
  });

  it('bounds 4-digit verification codes at 10 wrong tries a day, counted on the codes, for unverified accounts only', async () => {
    const user = newUser();
    await register(t, user);
    const firstCode = await latestCode(t, user.email);
    const wrongDigits = (code: string) => (code === '0000' ? '1111' : '0000');
    for (let i = 0; i < 5; i++)
      await post('/users/verify-email', { email: user.email, verificationCode: wrongDigits(firstCode) });
    expect((await post('/users/resend-verification-code', { email: user.email })).statusCode).toBe(200);
    const secondCode = await latestCode(t, user.email);
    for (let i = 0; i < 5; i++)
      await post('/users/verify-email', { email: user.email, verificationCode: wrongDigits(secondCode) });
    const mailsBefore = (await mailsTo(t, user.email)).length;
    expect((await post('/users/resend-verification-code', { email: user.email })).statusCode).toBe(200);
    expect(await mailsTo(t, user.email)).toHaveLength(mailsBefore);

    // A day later the codes' tries have aged out and a new code verifies.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    await t.database.db
      .update(authCodes)
      .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(authCodes.userId, row?.id ?? ''));
    expect((await post('/users/resend-verification-code', { email: user.email })).statusCode).toBe(200);
    const verificationCode = await latestCode(t, user.email);
    expect((await post('/users/verify-email', { email: user.email, verificationCode })).statusCode).toBe(200);
  });
});

describe('a reset code burnt by 5 wrong tries', () => {
  it('is refused as an unknown email is, so the burn tells nobody that the email has an account', async () => {
    const user = await registerVerified(t);
    const ghost = unknownEmail();
    await post('/users/request-password-reset', { email: user.email });
    await post('/users/request-password-reset', { email: ghost });
    const resetCode = await latestResetCode(t, user.email);
    const wrong = resetCode === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    for (let i = 0; i < 6; i++) {
      expect(seen(await resetWith(user.email, wrong))).toEqual(seen(await resetWith(ghost, wrong)));
    }
    expect(seen(await resetWith(user.email, resetCode))).toEqual(seen(await resetWith(ghost, resetCode)));
  });
});

describe('unverified accounts', () => {
  const age = (email: string, days: number) =>
    t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(users.email, email));

  it('count as unknown once 7 days old, and a registration frees their email and username', async () => {
    const stale = newUser();
    await register(t, stale);
    const staleCode = await latestCode(t, stale.email);
    await age(stale.email, 8);

    const mailed = (await mailsTo(t, stale.email)).length;
    expect((await post('/users/resend-verification-code', { email: stale.email })).statusCode).toBe(200);
    expect(await mailsTo(t, stale.email)).toHaveLength(mailed);
    const verify = await post('/users/verify-email', { email: stale.email, verificationCode: staleCode });
    expect(verify.statusCode).toBe(400);
    const login = await post('/users/login', { email: stale.email, password: stale.password });
    expect(login.statusCode).toBe(401);

    const again = await register(t, { ...newUser(), email: stale.email, username: stale.username });
    expect(again.statusCode).toBe(201);
    const code = await latestCode(t, stale.email);
    const verified = await post('/users/verify-email', { email: stale.email, verificationCode: code });
    expect(verified.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.username, stale.username))).toHaveLength(
      1,
    );
  });

  it('keep their email for 7 days', async () => {
    const recent = newUser();
    await register(t, recent);
    await age(recent.email, 6);
    const sameEmail = { ...newUser(), email: recent.email };
    expect((await register(t, sameEmail)).statusCode).toBe(201);
    // The address stays the first sign-up's: the second was told by mail, not given an account.
    const holders = await t.database.db.select().from(users).where(eq(users.email, recent.email));
    expect(holders.map((row) => row.username)).toEqual([recent.username]);
    expect((await register(t, { ...newUser(), username: recent.username })).statusCode).toBe(409);
  });
});
