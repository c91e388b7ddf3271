import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCoordination } from '../../src/lib/coordination.ts';
import { FREE_PASSWORD_FAILURES, passwordThrottle } from '../../src/modules/auth/password-throttle.ts';
import { createAuthRateLimit } from '../../src/plugins/auth-rate-limit.ts';
import { registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { redisAnswers, TEST_REDIS_URL } from '../local-services.ts';

// docs/ops/security.md#sign-in-throttling: sign-in throttling per account as well as per address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A sign-in from its own address: the per-address limit never sees two tries from one place. */
const signInFrom = (address: string, email: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password },
    remoteAddress: address,
  });

describe('wrong passwords for one account from many addresses', () => {
  it('meet a limit: past 10 in 15 minutes the account takes one try per 30 s, with Retry-After', async () => {
    const owner = await registerVerified(t);
    for (let i = 0; i < 10; i++) {
      expect((await signInFrom(`203.0.113.${i + 1}`, owner.email, `Wrong-Guess-${i}-x`)).statusCode).toBe(
        401,
      );
    }
    // The eleventh takes the account's turn; the next, from yet another address, waits.
    expect((await signInFrom('198.51.100.1', owner.email, 'Wrong-Guess-11-x')).statusCode).toBe(401);
    const waiting = await signInFrom('198.51.100.2', owner.email, owner.password);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(waiting.json().message).toMatch(/Too many wrong passwords for this account/);
  });

  it('leave other accounts alone', async () => {
    const other = await registerVerified(t);
    expect((await signInFrom('198.51.100.3', other.email, other.password)).statusCode).toBe(200);
  });
});

const withRedis = await redisAnswers('the auth limits with Redis cut off');

describe.runIf(withRedis)('with REDIS_URL and Redis no longer answering', () => {
  it('the per-address limit of the sign-in routes and the per-account throttle keep counting in memory', async () => {
    const cut = await createRedisCoordination(TEST_REDIS_URL, `cityquest-test:${randomUUID()}:`, {
      warn: () => {},
    });
    cut.redis?.disconnect();
    const limit = createAuthRateLimit(cut, 2)('loginUser');
    const request = { ip: '203.0.113.9', socket: { remoteAddress: '203.0.113.9' }, headers: {} } as never;
    const reply = { header: () => reply } as never;
    const run = () => limit(request, reply);
    await run();
    await run();
    await expect(run()).rejects.toMatchObject({ statusCode: 429 });

    const throttle = passwordThrottle({ coordination: cut });
    const account = randomUUID();
    for (let i = 0; i < FREE_PASSWORD_FAILURES; i++) await throttle.failed(account);
    await throttle.admit(account);
    await expect(throttle.admit(account)).rejects.toMatchObject({ statusCode: 429 });
    await cut.close();
  });
});
