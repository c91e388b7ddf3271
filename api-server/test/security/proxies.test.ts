// Client addresses (docs/ops/security.md#proxies-and-client-addresses): X-Forwarded-For counts only when TRUST_PROXY
// says who sends it, so a forged header cannot start a per-IP limit afresh.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helper.ts';

const LIMIT = 3;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A production app (no DEV_MODE), with TRUST_PROXY's default unless one is given. */
async function start(trustProxy?: AppConfig['trustProxy']): Promise<TestApp> {
  t = await createTestApp({
    env: 'production',
    devMode: false,
    rateLimit: { authPerMinute: LIMIT },
    ...(trustProxy === undefined ? {} : { trustProxy }),
  });
  return t;
}

/** A failed sign-in (401) under the per-IP auth limit, or 429 once that address has spent it. */
async function signIn(app: TestApp, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const response = await app.request({
    method: 'POST',
    url: '/api/v1/users/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { username: 'nobody', password: 'not-the-password' },
  });
  return response.statusCode;
}

describe('without TRUST_PROXY (the default)', () => {
  it('limits by the connecting address whatever X-Forwarded-For claims', async () => {
    const app = await start();
    expect(app.config.trustProxy).toBe(false);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) statuses.push(await signIn(app, '203.0.113.7', `198.51.100.${i}`));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another connecting address has its own budget.
    expect(await signIn(app, '203.0.113.8', '198.51.100.1')).toBe(401);
  });
});

describe('an IPv6 client', () => {
  it('shares one limit across the addresses of its /64 network', async () => {
    const app = await start();
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) statuses.push(await signIn(app, `2001:db8:7:8::${i.toString(16)}`));
    statuses.push(await signIn(app, '2001:db8:7:8:ffff:ffff:ffff:fffe'));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The next /64 is another subscriber.
    expect(await signIn(app, '2001:db8:7:9::1')).toBe(401);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the client from the last X-Forwarded-For entry the proxy appended', async () => {
    const app = await start(1);
    // nginx's $proxy_add_x_forwarded_for appends the address it saw after whatever the client sent.
    for (let i = 1; i <= LIMIT + 2; i++)
      expect(await signIn(app, '127.0.0.1', `10.9.9.9, 198.51.100.${i}`)).toBe(401);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++)
      statuses.push(await signIn(app, '127.0.0.1', `10.0.0.${i}, 198.51.100.50`));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("TRUST_PROXY as the proxies' addresses", () => {
  it('believes X-Forwarded-For from those addresses only', async () => {
    const app = await start(['10.0.0.5', '10.0.1.0/24']);
    for (let i = 1; i <= LIMIT + 2; i++) expect(await signIn(app, '10.0.1.7', `198.51.100.${i}`)).toBe(401);
    const direct: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++)
      direct.push(await signIn(app, '203.0.113.7', `198.51.100.${100 + i}`));
    expect(direct).toEqual([401, 401, 401, 429]);
  });
});
