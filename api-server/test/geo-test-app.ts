import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { GeoConfig } from '../src/config.ts';
import { type Role, users } from '../src/db/schema.ts';
import { registerVerified } from './fixtures.ts';
import {
  fixtureGeoConfig,
  type GeoFixtureKind,
  type GeoFixtureServer,
  startGeoFixtureServer,
} from './geo-fixture-server.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

/** Short enough for the slow-provider tests, where the fixture answers after 5 s. */
const TIMEOUT_MS = 600;
export const GEOCODER_INTERVAL_MS = 200;

export type GeoTestApp = { fixture: GeoFixtureServer; t: TestApp; geo: GeoConfig };

/**
 * The geo tests' setup for one test file: the fixture providers, an app pointed at them and a signed-in
 * explorer, started before the file's tests (and handed to `onStart`), the fixture reset before each test.
 */
export function setUpGeoTestApp(onStart: (started: GeoTestApp) => void) {
  let started: GeoTestApp;
  let token: string;

  beforeAll(async () => {
    const fixture = await startGeoFixtureServer({ slowMs: 5_000 });
    const geo = fixtureGeoConfig(fixture.url, {
      timeoutMs: TIMEOUT_MS,
      geocoderIntervalMs: GEOCODER_INTERVAL_MS,
      // The production figures: 50 searches per user per 60 s.
      placesRateLimit: { max: 50, windowMs: 60_000 },
    });
    const t = await createTestApp({ geo });
    token = (await registerVerified(t)).session.accessToken;
    started = { fixture, t, geo };
    onStart(started);
  });
  afterAll(async () => {
    await started.t.close();
    await started.fixture.close();
  });
  beforeEach(() => started.fixture.reset());

  /** GET /api/v1{url} as the file's explorer, as someone else, or (null) as a visitor. */
  const get = (url: string, accessToken: string | null = token) =>
    started.t.request({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: accessToken ? bearer(accessToken) : {},
    });

  /** A new verified account with `role`; its access token. */
  async function signedIn(role: Role = 'user') {
    const user = await registerVerified(started.t);
    if (role !== 'user')
      await started.t.database.db.update(users).set({ role }).where(eq(users.id, user.session.user._id));
    return user.session.accessToken;
  }

  const requestsOf = (kind: GeoFixtureKind) =>
    started.fixture.requests.filter((request) => request.kind === kind);

  return { get, signedIn, requestsOf };
}
