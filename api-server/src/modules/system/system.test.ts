import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('reports health with the database kind', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(response.json().data.database);
  });

  it('is ready when its database and storage answer, saying only that to a caller without METRICS_TOKEN', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ready' });
  });

  it('is not ready when its file storage cannot be written (test/security/operations.test.ts has the rest)', async () => {
    const unwritable = await createTestApp(
      {},
      {
        storage: (local) => ({
          ...local,
          check: async () => {
            throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
          },
        }),
      },
    );
    try {
      const response = await unwritable.request({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Not ready');
    } finally {
      await unwritable.close();
    }
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, statusCode: 404, message: 'Route not found' });
  });

  it('serves the contract as JSON and as interactive docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(spec.json().openapi).toBe('3.1.0');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('sends strict security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
  });

  it('allows CORS only from the two SPA origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/users/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const admin = await preflight(t.config.adminOrigin);
    expect(admin.headers['access-control-allow-origin']).toBe(t.config.adminOrigin);
    const explorer = await preflight(t.config.publicOrigin);
    expect(explorer.headers['access-control-allow-origin']).toBe(t.config.publicOrigin);
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: 'production', devMode: false });
  });
  afterAll(() => prod.close());

  it('has no dev outbox', async () => {
    const response = await prod.request({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: { authPerMinute: 3 } });
  });
  afterAll(() => limited.close());

  it('limits sign-in attempts per client with 429 and Retry-After', async () => {
    const attempt = () =>
      limited.request({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username: 'someone', password: 'whatever-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many requests/);
    // Other routes keep their own budget.
    const reset = await limited.request({
      method: 'POST',
      url: '/api/v1/users/request-password-reset',
      payload: { email: 'someone@example.com' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  const token = 'a-metrics-token-for-prometheus-0123';
  let watched: TestApp;
  beforeAll(async () => {
    watched = await createTestApp({ metricsToken: token });
  });
  afterAll(() => watched.close());

  it('answers Prometheus with requests per route pattern and status, for its token only', async () => {
    await watched.request({ method: 'GET', url: '/api/v1/health' });
    const explorer = await registerVerified(watched);
    for (let read = 0; read < 2; read += 1) {
      await watched.request({
        method: 'GET',
        url: '/api/v1/users/my-profile',
        headers: bearer(explorer.session.accessToken),
      });
    }
    // A visitor's read of a quest that does not exist.
    await watched.request({ method: 'GET', url: '/api/v1/quests/00000000-0000-4000-8000-000000000000' });
    for (const authorization of [undefined, 'Bearer wrong-token', token]) {
      const refused = await watched.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
    }
    const scraped = await watched.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
    expect(scraped.body).toContain(
      'cityquest_http_requests_total{method="GET",route="/api/v1/health",status="200"} 1',
    );
    // Route patterns, not paths: one series for every quest.
    expect(scraped.body).toContain('route="/api/v1/quests/:id",status="404"');
    expect(scraped.body).toContain('cityquest_process_cpu_seconds_total');
    // The signed-in reads above: the first read the account, the next found it shared.
    expect(scraped.body).toMatch(/cityquest_cache_lookups_total\{cache="accounts",result="hit"\} [1-9]/);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
