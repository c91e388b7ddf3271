import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, NO_ACCOUNT_HASH, passwordProblem } from '../../src/lib/passwords.ts';
import { DEMO_ACCOUNTS } from '../../src/seed/accounts.ts';
import { DEMO_EXPLORER_PASSWORD, DEMO_EXPLORERS } from '../../src/seed/demo-city.ts';
import { latestResetCode, newUser, register, registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';

// Sign-up, password change and reset refuse a password zxcvbn scores 0 or 1, or one containing the username or
// the name before the email's @, with a field error that says why (docs/ops/security.md#passwords).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload, headers });

const STRONG = 'Velvet-Canyon-Orbit-42';
const GUESSABLE: [string, RegExp][] = [
  ['password123', /too easy to guess\. This is a commonly used password\./],
  ['Password123!', /too easy to guess\. This is similar to a commonly used password\./],
  ['qwertyuiop', /too easy to guess\. This is a frequently used password\./],
  ['iloveyou2', /too easy to guess\./],
  ['abcdefgh1234', /too easy to guess\./],
];

function expectRefused(response: Awaited<ReturnType<typeof post>>, field: string, message: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.message).toMatch(message);
  expect(body.errors).toEqual([{ field, message: body.message }]);
}

describe('sign-up', () => {
  it.each(GUESSABLE)('refuses %s and says why', async (password, message) => {
    const user = newUser({ password });
    expectRefused(await register(t, user), 'password', message);
    const login = await post('/users/login', { email: user.email, password });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a password containing the username or the name before the email @, in any case', async () => {
    const stamp = Date.now().toString(36);
    const byName = newUser({ username: `lotus_${stamp}`, password: `Orbit-LOTUS_${stamp.toUpperCase()}-42` });
    expectRefused(await register(t, byName), 'password', /^Password must not contain your username$/);
    const byEmail = newUser({ email: `meera.${stamp}@example.com`, password: `Canyon-Meera.${stamp}-42` });
    expectRefused(await register(t, byEmail), 'password', /^Password must not contain your email address/);
  });

  it('lets an email name of under 3 characters appear inside a password', async () => {
    const stamp = Date.now().toString(36);
    const user = newUser({ email: `al@${stamp}.example.com`, password: 'Walnut-Galaxy-Ferry-17' });
    expect((await register(t, user)).statusCode).toBe(201);
  });

  it('accepts a strong password', async () => {
    expect((await register(t, newUser({ password: STRONG }))).statusCode).toBe(201);
  });
});

describe('password change', () => {
  const change = (who: Awaited<ReturnType<typeof registerVerified>>, newPassword: string) =>
    post(
      '/users/change-password',
      { currentPassword: who.password, newPassword, confirmNewPassword: newPassword },
      bearer(who.session.accessToken),
    );

  it('refuses guessable and personal passwords and keeps the old one', async () => {
    const who = await registerVerified(t);
    for (const [password, message] of GUESSABLE)
      expectRefused(await change(who, password), 'newPassword', message);
    expectRefused(
      await change(who, `Harbor-${who.username.toUpperCase()}-9`),
      'newPassword',
      /^Password must not contain your username$/,
    );
    expect((await post('/users/login', { email: who.email, password: who.password })).statusCode).toBe(200);
  });

  it('accepts a strong password', async () => {
    const who = await registerVerified(t);
    expect((await change(who, STRONG)).statusCode).toBe(200);
    expect((await post('/users/login', { email: who.email, password: STRONG })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const reset = (email: string, resetCode: string, newPassword: string) =>
    post('/users/reset-password', { email, resetCode, newPassword, confirmPassword: newPassword });

  it('refuses a guessable password before spending the code, then takes a strong one', async () => {
    const who = await registerVerified(t);
    await post('/users/request-password-reset', { email: who.email });
    const code = await latestResetCode(t, who.email);
    for (const [password, message] of GUESSABLE)
      expectRefused(await reset(who.email, code, password), 'newPassword', message);
    expectRefused(
      await reset(who.email, code, `Quartz-${who.email.split('@')[0]}-8`),
      'newPassword',
      /^Password must not contain your email address/,
    );
    expect((await reset(who.email, code, STRONG)).statusCode).toBe(200);
    expect((await post('/users/login', { email: who.email, password: STRONG })).statusCode).toBe(200);
  });

  it('answers a guessable password alike for unknown emails', async () => {
    const [password, message] = GUESSABLE[0] ?? ['', /./];
    expectRefused(await reset('ghost@example.com', 'ABCD2345', password), 'newPassword', message);
  });

  it('refuses a password containing the username once the code has proved the mailbox, and keeps the code', async () => {
    const stamp = Date.now().toString(36);
    const who = await registerVerified(t, { username: `walker_${stamp}`, email: `w${stamp}@example.com` });
    await post('/users/request-password-reset', { email: who.email });
    const code = await latestResetCode(t, who.email);
    expectRefused(
      await reset(who.email, code, `Meadow-Walker_${stamp}-3`),
      'newPassword',
      /^Password must not contain your username$/,
    );
    expect((await post('/users/login', { email: who.email, password: who.password })).statusCode).toBe(200);
    // The same code, with a password that leaves the username out, resets the password.
    expect((await reset(who.email, code, STRONG)).statusCode).toBe(200);
    expect((await post('/users/login', { email: who.email, password: STRONG })).statusCode).toBe(200);
    expect((await reset(who.email, code, `${STRONG}-again`)).statusCode).toBe(400);
  });
});

describe('the README demo accounts', () => {
  it('have passwords the rule accepts', () => {
    const explorers = DEMO_EXPLORERS.map((person) => ({
      ...person,
      email: `${person.username}@cityquest.dev`,
      password: DEMO_EXPLORER_PASSWORD,
    }));
    for (const account of [...DEMO_ACCOUNTS, ...explorers]) {
      expect(passwordProblem(account.password, account), account.username).toBeNull();
    }
  });
});

describe('a sign-in for an unknown account', () => {
  it("checks the password against a hash with the stored hashes' parameters, which no password matches", async () => {
    // verify throws on a malformed hash; a well-formed one makes the unknown account cost a real check.
    await expect(verify(NO_ACCOUNT_HASH, 'Velvet-Canyon-Orbit-42')).resolves.toBe(false);
    await expect(verify(NO_ACCOUNT_HASH, '')).resolves.toBe(false);
    const parameters = (stored: string) => stored.split('$').slice(1, 4).join('$');
    expect(parameters(NO_ACCOUNT_HASH)).toBe(parameters(await hashPassword('any-password')));
  });
});
