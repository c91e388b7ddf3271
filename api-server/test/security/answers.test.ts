import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, mailsTo, newUser, register, registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const UNKNOWN = 'nobody-at-all@example.com';

describe('code routes tell nobody which emails have accounts', () => {
  it('verify-email answers a verified email exactly as an unknown one, however often it is tried', async () => {
    const verified = await registerVerified(t);
    const code = await latestCode(t, verified.email);
    for (let i = 0; i < 12; i++) {
      const known = await post('/users/verify-email', { email: verified.email, verificationCode: code });
      const unknown = await post('/users/verify-email', { email: UNKNOWN, verificationCode: code });
      expect(known.statusCode).toBe(400);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().message).toBe('Invalid or expired verification code');
    }
  });

  it('verify-email answers a wrong code for an unverified account as it answers an unknown email', async () => {
    const pending = newUser();
    await register(t, pending);
    const code = await latestCode(t, pending.email);
    const wrong = code === '0000' ? '1111' : '0000';
    const known = await post('/users/verify-email', { email: pending.email, verificationCode: wrong });
    const unknown = await post('/users/verify-email', { email: UNKNOWN, verificationCode: wrong });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });

  it('resend answers a verified email as an unknown one, and mails neither', async () => {
    const verified = await registerVerified(t);
    const mailed = (await mailsTo(t, verified.email)).length;
    const known = await post('/users/resend-verification-code', { email: verified.email });
    const unknown = await post('/users/resend-verification-code', { email: UNKNOWN });
    expect(known.statusCode).toBe(200);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json().message).toBe(unknown.json().message);
    expect(await mailsTo(t, verified.email)).toHaveLength(mailed);
    expect(await mailsTo(t, UNKNOWN)).toEqual([]);
  });
});

describe('Cache-Control: no-store on API answers', () => {
  it('marks answers carrying tokens or personal data, and errors, as not to be stored', async () => {
    const user = newUser();
    const registered = await register(t, user);
    const verified = await post('/users/verify-email', {
      email: user.email,
      verificationCode: await latestCode(t, user.email),
    });
    const session = verified.json().data;
    const login = await post('/users/login', { email: user.email, password: user.password });
    const refreshed = await post('/users/refresh-token', { refreshToken: login.json().data.refreshToken });
    const auth = bearer(session.accessToken);
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/my-profile', headers: auth });
    const current = await t.request({ method: 'GET', url: '/api/v1/users/current-user', headers: auth });
    const refused = await t.request({ method: 'GET', url: '/api/v1/users/my-profile' });
    const answers = { registered, verified, login, refreshed, profile, current, refused };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, name).toBeLessThan(500);
      expect(answer.headers['cache-control'], name).toBe('no-store');
    }
    expect(refused.statusCode).toBe(401);
  });

  it('leaves the long caching of uploaded public pictures alone', async () => {
    const avatar = (await registerVerified(t)).session.user.avatar as string;
    const served = await t.app.inject({ method: 'GET', url: new URL(avatar, 'http://localhost').pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).not.toContain('no-store');
  });
});
