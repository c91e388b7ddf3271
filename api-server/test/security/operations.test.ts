// Operations (docs/ops/deployment.md#health-readiness-metrics-and-shutdown,
// docs/ops/security.md#operations-endpoints): GET /api/v1/ready is public, so one probe of the database, Redis
// and the bucket answers every call for 5 seconds and anyone learns only up or down, while the METRICS_TOKEN
// holder also learns what fails; the console on its own origin may send the API the headers it needs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';

const METRICS_TOKEN = 'a-metrics-token-for-the-operators-0123456789';

/** A pino destination keeping each line. */
function logLines() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => lines.push(line) } };
}

describe('GET /api/v1/ready', () => {
  let up: TestApp;
  let down: TestApp;
  let checks = 0;
  const downLog = logLines();

  beforeAll(async () => {
    up = await createTestApp(
      { metricsToken: METRICS_TOKEN },
      {
        storage: (local) => ({
          ...local,
          check: async () => {
            checks += 1;
            return local.check();
          },
        }),
      },
    );
    down = await createTestApp(
      { metricsToken: METRICS_TOKEN },
      {
        logger: { level: 'warn', stream: downLog.stream },
        storage: (local) => ({
          ...local,
          check: async () => {
            throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
          },
        }),
      },
    );
  });
  afterAll(async () => {
    await up?.close();
    await down?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ready = (t: TestApp, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/v1/ready', headers });

  it('tells a caller without METRICS_TOKEN only that the instance is up', async () => {
    const explorer = await registerVerified(up);
    for (const headers of [{}, bearer(explorer.session.accessToken), bearer(`${METRICS_TOKEN}x`)]) {
      const response = await ready(up, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        statusCode: 200,
        message: 'Ready',
        data: { status: 'ready' },
      });
    }
  });

  it("gives the METRICS_TOKEN holder each dependency's state", async () => {
    const response = await ready(up, bearer(METRICS_TOKEN));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'ready',
      database: up.database.kind,
      redis: 'not-configured',
      storage: 'ok',
    });
  });

  it('when down, tells anyone only 503 Not ready, the token holder what fails, and logs it', async () => {
    const anonymous = await ready(down);
    expect(anonymous.statusCode).toBe(503);
    expect(anonymous.json()).toEqual({ success: false, statusCode: 503, message: 'Not ready' });
    const operator = await ready(down, bearer(METRICS_TOKEN));
    expect(operator.statusCode).toBe(503);
    expect(operator.json().message).toBe('Not ready: no answer from the file storage');
    expect(downLog.lines.join('\n')).toContain('Not ready: no answer from the file storage');
    expect(downLog.lines.join('\n')).toContain('EACCES');
  });

  it('probes once for a flood of calls, concurrent or one after another, and again after 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const before = checks;
    const flood = await Promise.all(Array.from({ length: 40 }, () => ready(up)));
    for (let call = 0; call < 10; call += 1) flood.push(await ready(up, bearer(METRICS_TOKEN)));
    expect(flood.every((response) => response.statusCode === 200)).toBe(true);
    expect(checks - before).toBe(1);
    vi.setSystemTime(Date.now() + 4_000);
    await ready(up);
    expect(checks - before).toBe(1);
    vi.setSystemTime(Date.now() + 1_100);
    await ready(up);
    expect(checks - before).toBe(2);
  });
});

describe('the admin console on its own origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("may send Idempotency-Key and Last-Event-ID (an event stream's resumption) to the API", async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/events',
      headers: {
        origin: t.config.adminOrigin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,idempotency-key,last-event-id',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(t.config.adminOrigin);
    const allowed = String(preflight.headers['access-control-allow-headers'] ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'idempotency-key', 'last-event-id']));
  });
});
