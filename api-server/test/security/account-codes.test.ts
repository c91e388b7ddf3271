import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';

// docs/ops/security.md#codes: codes that strangers cannot spend (the review's M1).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ requireAdminTwoFactor: true });
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('a stranger with only an email', () => {
  it('cannot keep the owner out of two-factor sign-in with wrong reset codes', async () => {
    const owner = await registerVerified(t);
    const setup = await post('/users/two-factor/setup', {}, owner.session.accessToken);
    const { secret } = setup.json().data as { secret: string };
    expect(
      (await post('/users/two-factor/enable', { code: codeFor(secret) }, owner.session.accessToken))
        .statusCode,
    ).toBe(200);

    // The review's sketch: eleven anonymous resets with the owner's email and a made-up code.
    for (let i = 0; i < 11; i++) {
      const tried = await post('/users/reset-password', {
        email: owner.email,
        resetCode: 'AAAAAAAA',
        newPassword: 'Str0ng-Unique-Pass!',
        confirmPassword: 'Str0ng-Unique-Pass!',
      });
      expect(tried.statusCode).toBe(400);
    }
    const login = await post('/users/login', { email: owner.email, password: owner.password });
    const { challenge } = login.json().data as { challenge: string };
    const second = await post('/users/login/two-factor', { challenge, code: codeFor(secret, 1) });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.accessToken).toEqual(expect.any(String));
  });

  it('cannot reach the second-factor count at all without the password', async () => {
    const owner = await registerVerified(t);
    const setup = await post('/users/two-factor/setup', {}, owner.session.accessToken);
    const { secret } = setup.json().data as { secret: string };
    await post('/users/two-factor/enable', { code: codeFor(secret) }, owner.session.accessToken);
    for (let i = 0; i < 8; i++) {
      const guess = await post('/users/login', { email: owner.email, password: `Wrong-Guess-${i}-pass` });
      expect(guess.statusCode).toBe(401);
      const forged = await post('/users/login/two-factor', { challenge: 'not-a-challenge', code: '000000' });
      expect(forged.statusCode).toBe(401);
    }
    const login = await post('/users/login', { email: owner.email, password: owner.password });
    const second = await post('/users/login/two-factor', {
      challenge: login.json().data.challenge,
      code: codeFor(secret, 1),
    });
    expect(second.statusCode).toBe(200);
  });
});
