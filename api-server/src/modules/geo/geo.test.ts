import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { type GeoFixtureServer, startGeoFixtureServer } from '../../../test/geo-fixture-server.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { type GeoConfig, loadConfig } from '../../config.ts';
import { type GeoCallType, geoCache, geoUsage, type Role, users } from '../../db/schema.ts';
import { costLevel } from './api-usage.ts';
import { MAX_CACHE_ENTRIES } from './cache-repository.ts';
import { COORDINATE_RANGES } from './geo-service.ts';
import { NO_ADDRESS } from './nominatim.ts';
import { instruction, NO_ROUTE } from './osrm.ts';
import { createSlidingWindowLimiter } from './rate-limiter.ts';
import { createThrottle } from './throttle.ts';
import { addDays, utcDay } from './usage-repository.ts';

const TIMEOUT_MS = 600;
const GEOCODER_INTERVAL_MS = 200;

let fixture: GeoFixtureServer;
let t: TestApp;
let geo: GeoConfig;
let token: string;

beforeAll(async () => {
  fixture = await startGeoFixtureServer({ slowMs: 5_000 });
  geo = {
    geocoderUrl: fixture.url,
    placesUrl: fixture.url,
    routerUrl: fixture.url,
    userAgent: 'CityQuest-test/1.0 (+https://example.test/cityquest)',
    timeoutMs: TIMEOUT_MS,
    geocoderIntervalMs: GEOCODER_INTERVAL_MS,
    // The production figures: 50 searches per user per 60 s.
    placesRateLimit: { max: 50, windowMs: 60_000 },
  };
  t = await createTestApp({ geo });
  token = (await registerVerified(t)).session.accessToken;
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});
beforeEach(() => fixture.reset());

const get = (url: string, accessToken: string | null = token) =>
  t.request({ method: 'GET', url: `/api/v1${url}`, headers: accessToken ? bearer(accessToken) : {} });

async function signedIn(role: Role = 'user') {
  const user = await registerVerified(t);
  if (role !== 'user')
    await t.database.db.update(users).set({ role }).where(eq(users.id, user.session.user._id));
  return user.session.accessToken;
}

const requestsOf = (kind: 'reverse' | 'places' | 'directions') =>
  fixture.requests.filter((request) => request.kind === kind);

describe('configuration', () => {
  const env = {
    NODE_ENV: 'test',
    DEV_MODE: '1',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/cityquest-geo-config',
  };

  it('defaults to the free providers, an identifying user agent, 8 s, 1 geocoder call per second and 50/60 s', () => {
    expect(loadConfig(env).geo).toEqual({
      geocoderUrl: 'https://nominatim.openstreetmap.org',
      placesUrl: 'https://photon.komoot.io',
      routerUrl: 'https://routing.openstreetmap.de/routed-foot',
      userAgent: 'CityQuest/1.0 (+https://github.com/cityquest)',
      timeoutMs: 8000,
      geocoderIntervalMs: 1000,
      placesRateLimit: { max: 50, windowMs: 60_000 },
    });
  });

  it('reads GEOCODER_URL, PLACES_URL, ROUTER_URL and GEO_USER_AGENT', () => {
    const config = loadConfig({
      ...env,
      GEOCODER_URL: 'http://geo.internal:8080/',
      PLACES_URL: 'http://places.internal',
      ROUTER_URL: 'https://osrm.example.org/foot',
      GEO_USER_AGENT: 'MyCity/2.0 (ops@example.com)',
    }).geo;
    expect(config).toMatchObject({
      geocoderUrl: 'http://geo.internal:8080',
      placesUrl: 'http://places.internal',
      routerUrl: 'https://osrm.example.org/foot',
      userAgent: 'MyCity/2.0 (ops@example.com)',
    });
    expect(() => loadConfig({ ...env, ROUTER_URL: 'router.local' })).toThrow(/ROUTER_URL/);
  });
});

describe('visitors', () => {
  it.each([
    '/geo/reverse?lat=28.6129&lng=77.2295',
    '/geo/places?q=india',
    '/geo/directions?origin=28.6129,77.2295&destination=28.614,77.23',
    '/admin/api-usage',
  ])('get 401 on %s and never reach a provider', async (url) => {
    const response = await get(url, null);
    expect(response.statusCode).toBe(401);
    expect(fixture.requests).toHaveLength(0);
  });
});

describe('GET /geo/reverse', () => {
  it("maps Nominatim's answer, sending the user agent, and caches it by the point rounded to 5 decimals", async () => {
    const first = await get('/geo/reverse?lat=28.612912&lng=77.229508');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      displayName: 'India Gate, Kartavya Path, Rajpath Area, New Delhi, Delhi, 110001, India',
      address: {
        road: 'Kartavya Path',
        suburb: 'Rajpath Area',
        city: 'New Delhi',
        state: 'Delhi',
        postcode: '110001',
        country: 'India',
      },
      lat: 28.612912,
      lng: 77.229508,
      cached: false,
    });
    const [call] = requestsOf('reverse');
    expect(call?.userAgent).toBe(geo.userAgent);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      lat: '28.61291',
      lon: '77.22951',
      format: 'json',
      addressdetails: '1',
    });

    const again = await get('/geo/reverse?lat=28.612914&lng=77.229511');
    expect(again.json().data).toMatchObject({ displayName: first.json().data.displayName, cached: true });
    expect(again.json().data).toMatchObject({ lat: 28.612914, lng: 77.229511 });
    expect(fixture.hits.reverse).toBe(1);
  });

  it('takes the city from town or village when the place has no city', async () => {
    const response = await get('/geo/reverse?lat=15.3351&lng=76.4601');
    expect(response.json().data.address).toMatchObject({ city: 'Hampi', state: 'Karnataka' });
  });

  it('answers 502 where the geocoder finds no address (open sea)', async () => {
    const response = await get('/geo/reverse?lat=10&lng=65');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(NO_ADDRESS);
  });

  it('answers 502 with a clear message when the geocoder fails, and keeps serving cached answers', async () => {
    await get('/geo/reverse?lat=18.922&lng=72.8347');
    fixture.setMode('fail', 'reverse');
    const down = await get('/geo/reverse?lat=18.9225&lng=72.8350');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      success: false,
      message: 'The geocoding service is unavailable right now. Please try again later.',
    });
    const cached = await get('/geo/reverse?lat=18.922&lng=72.8347');
    expect(cached.statusCode).toBe(200);
    expect(cached.json().data).toMatchObject({ cached: true, address: { city: 'Mumbai' } });
    expect(fixture.hits.reverse).toBe(2);
  });

  it('serves an expired answer while the geocoder is down, and refreshes it once it is back', async () => {
    await get('/geo/reverse?lat=26.9239&lng=75.8267');
    await t.database.db
      .update(geoCache)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(geoCache.kind, 'reverse'), eq(geoCache.key, '26.9239,75.8267')));
    fixture.setMode('fail', 'reverse');
    const stale = await get('/geo/reverse?lat=26.9239&lng=75.8267');
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ cached: true, address: { city: 'Jaipur' } });
    fixture.setMode('ok', 'reverse');
    const fresh = await get('/geo/reverse?lat=26.9239&lng=75.8267');
    expect(fresh.json().data.cached).toBe(false);
    expect(fixture.hits.reverse).toBe(3);
  });

  it('answers 502 when the geocoder is too slow, and the server keeps answering', async () => {
    fixture.setMode('slow', 'reverse');
    const started = Date.now();
    const response = await get('/geo/reverse?lat=22.5448&lng=88.3426');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'The geocoding service did not answer in time. Please try again later.',
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await t.request({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('spaces geocoder calls by the configured interval (Nominatim: 1 per second by default)', async () => {
    const answers = await Promise.all([
      get('/geo/reverse?lat=17.3616&lng=78.4747'),
      get('/geo/reverse?lat=13.05&lng=80.2824'),
      get('/geo/reverse?lat=17.3617&lng=78.4748'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const times = requestsOf('reverse').map((request) => request.at);
    expect(times).toHaveLength(3);
    // Measured on arrival, where a loaded machine adds jitter: three spaced calls span at least two intervals when
    // sent, so requiring one full interval leaves room for jitter while unthrottled calls arrive within milliseconds.
    const first = times[0] ?? 0;
    const last = times.at(-1) ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(GEOCODER_INTERVAL_MS);
  });

  it.each([
    ['lat=91&lng=77', 'lat'],
    ['lat=-90.5&lng=77', 'lat'],
    ['lat=28&lng=181', 'lng'],
    ['lat=28&lng=-180.01', 'lng'],
    ['lng=77', 'lat'],
    ['lat=north&lng=77', 'lat'],
  ])('answers 400 to %s', async (query, field) => {
    const response = await get(`/geo/reverse?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.field).toBe(field);
    expect(fixture.requests).toHaveLength(0);
  });
});

describe('GET /geo/places', () => {
  it("maps Photon's features, restricted to India by default", async () => {
    const response = await get('/geo/places?q=India%20Gate');
    expect(response.statusCode).toBe(200);
    const { places } = response.json().data;
    expect(places[0]).toEqual({
      id: 'osm-way-1001',
      name: 'India Gate',
      address: 'Kartavya Path, Rajpath Area, New Delhi, Delhi, India',
      lat: 28.6129,
      lng: 77.2295,
    });
    // The provider's order (best first) is kept.
    expect(places.map((place: { name: string }) => place.name)).toEqual(['India Gate', 'Gateway of India']);
    const [call] = requestsOf('places');
    expect(call?.userAgent).toBe(geo.userAgent);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      q: 'india gate',
      countrycode: 'IN',
      limit: '10',
    });
  });

  it('takes another country and caches per normalised query and country', async () => {
    const india = await get('/geo/places?q=Gateway');
    expect(india.json().data.places.map((place: { name: string }) => place.name)).toEqual([
      'Gateway of India',
    ]);
    const us = await get('/geo/places?q=gateway&country=us');
    expect(us.json().data.places.map((place: { name: string }) => place.name)).toEqual(['Gateway Arch']);
    expect(fixture.hits.places).toBe(2);
    const again = await get('/geo/places?q=%20%20GATEWAY%20&country=IN');
    expect(again.json().data).toEqual(india.json().data);
    expect(fixture.hits.places).toBe(2);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await get('/geo/places?q=zzyzx%20nowhere');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ places: [] });
  });

  it.each([
    ['q=a', 'q'],
    ['q=%20a%20%20', 'q'],
    ['', 'q'],
    ['q=india&country=IND', 'country'],
  ])('answers 400 to %s', async (query, field) => {
    const response = await get(`/geo/places?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.field).toBe(field);
    expect(fixture.requests).toHaveLength(0);
  });

  it('answers 502 when the place search fails or is too slow', async () => {
    fixture.setMode('fail', 'places');
    const failed = await get('/geo/places?q=hawa');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'The place search service is unavailable right now. Please try again later.',
    );
    fixture.setMode('slow', 'places');
    const slow = await get('/geo/places?q=hawa%20mahal');
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toBe(
      'The place search service did not answer in time. Please try again later.',
    );
  });

  it('shares one provider call between identical searches arriving together', async () => {
    const answers = await Promise.all([get('/geo/places?q=victoria'), get('/geo/places?q=Victoria')]);
    expect(answers.map((answer) => answer.json().data.places[0]?.name)).toEqual([
      'Victoria Memorial',
      'Victoria Memorial',
    ]);
    expect(fixture.hits.places).toBe(1);
  });

  it('allows 50 searches per user per 60 s, then 429 with Retry-After and the documents message', async () => {
    const mine = await signedIn();
    for (let index = 0; index < 50; index += 1) {
      const response = await get('/geo/places?q=charminar', mine);
      expect(response.statusCode, `search ${index + 1}`).toBe(200);
    }
    const limited = await get('/geo/places?q=charminar', mine);
    expect(limited.statusCode).toBe(429);
    const match = /^Rate limit reached\. Please wait (\d+) seconds\.$/.exec(limited.json().message);
    const seconds = Number(match?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.headers['retry-after']).toBe(String(seconds));
    expect(fixture.hits.places).toBe(1);
    // Per user, not per IP: another account on the same address still searches.
    expect((await get('/geo/places?q=charminar')).statusCode).toBe(200);
  });
});

describe('the sliding window', () => {
  it('frees a slot as the oldest search leaves the window, and says how long to wait', () => {
    let now = 0;
    const take = createSlidingWindowLimiter({ max: 3, windowMs: 60_000 }, () => now);
    for (const at of [0, 10_000, 20_000]) {
      now = at;
      expect(take('asha')).toEqual({ allowed: true });
    }
    now = 30_000;
    expect(take('asha')).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect(take('ravi')).toEqual({ allowed: true });
    now = 60_000;
    expect(take('asha')).toEqual({ allowed: true });
    now = 61_000;
    expect(take('asha')).toEqual({ allowed: false, retryAfterMs: 9_000 });
  });

  it('throttle: turns are spaced by the interval and a wait beyond the limit is refused', async () => {
    const now = 1_000;
    const turn = createThrottle(100, 150, () => now);
    expect(await turn()).toBe(true);
    const started = Date.now();
    expect(await turn()).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    // Turns at 1000 and 1100 are taken: the next, at 1200, is 200 ms away, beyond the 150 ms limit.
    expect(await turn()).toBe(false);
  });
});

describe('GET /geo/directions', () => {
  const origin = '28.6129,77.2295';
  const destination = '28.616,77.232';

  it("maps OSRM's walking route: geometry, one leg per stretch, steps, distance and duration", async () => {
    const response = await get(
      `/geo/directions?origin=${origin}&destination=${destination}&waypoints=28.614,77.23|28.615,77.231`,
    );
    expect(response.statusCode).toBe(200);
    const route = response.json().data;
    expect(route.legs).toHaveLength(3);
    expect(route.geometry.type).toBe('LineString');
    expect(route.geometry.coordinates[0]).toEqual([77.2295, 28.6129]);
    expect(route.geometry.coordinates.at(-1)).toEqual([77.232, 28.616]);
    const legSum = route.legs.reduce(
      (sum: number, leg: { distanceMeters: number }) => sum + leg.distanceMeters,
      0,
    );
    expect(route.distanceMeters).toBeCloseTo(legSum, 0);
    expect(route.durationSeconds).toBeGreaterThan(0);
    expect(route.legs[0].steps.map((step: { instruction: string }) => step.instruction)).toEqual([
      expect.stringMatching(
        /^Head (north|northeast|east|southeast|south|southwest|west|northwest) on Kartavya Path$/,
      ),
      'Turn left onto Heritage Walk',
      'Arrive at your destination',
    ]);
    expect(route.legs[0].steps[1]).toMatchObject({ name: 'Heritage Walk' });

    const [call] = requestsOf('directions');
    expect(call?.url.pathname).toBe(
      '/route/v1/foot/77.2295,28.6129;77.23,28.614;77.231,28.615;77.232,28.616',
    );
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      geometries: 'geojson',
      overview: 'full',
      steps: 'true',
    });
    expect(call?.userAgent).toBe(geo.userAgent);

    const again = await get(
      `/geo/directions?origin=${origin}&destination=${destination}&waypoints=28.614,77.23|28.615,77.231`,
    );
    expect(again.json().data).toEqual(route);
    expect(fixture.hits.directions).toBe(1);
  });

  it('takes up to 23 stopovers in order and refuses 24', async () => {
    const stops = (count: number) =>
      Array.from({ length: count }, (_, index) => `28.${6130 + index},77.${2300 + index}`).join('|');
    const most = await get(
      `/geo/directions?origin=${origin}&destination=${destination}&waypoints=${stops(23)}`,
    );
    expect(most.statusCode).toBe(200);
    expect(most.json().data.legs).toHaveLength(24);
    const tooMany = await get(
      `/geo/directions?origin=${origin}&destination=${destination}&waypoints=${stops(24)}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors?.[0]?.field).toBe('waypoints');
    expect(fixture.hits.directions).toBe(1);
  });

  it.each([
    [`origin=95.1,77&destination=${destination}`, 'origin', COORDINATE_RANGES],
    [`origin=${origin}&destination=28.6,190`, 'destination', COORDINATE_RANGES],
    [`origin=${origin}&destination=${destination}&waypoints=28.6,77.2|-91,0`, 'waypoints', COORDINATE_RANGES],
    [`origin=${origin}&destination=somewhere`, 'destination', undefined],
    [`destination=${destination}`, 'origin', undefined],
  ])('answers 400 to %s', async (query, field, message) => {
    const response = await get(`/geo/directions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.field).toBe(field);
    if (message) expect(response.json().message).toBe(message);
    expect(fixture.requests).toHaveLength(0);
  });

  it('answers 502 when there is no route, when the router fails and when it is too slow', async () => {
    const noRoute = await get(`/geo/directions?origin=0.1,0.1&destination=${destination}`);
    expect(noRoute.statusCode).toBe(502);
    expect(noRoute.json().message).toBe(NO_ROUTE);
    fixture.setMode('fail', 'directions');
    const failed = await get(`/geo/directions?origin=17.3616,78.4747&destination=17.362,78.475`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'The routing service is unavailable right now. Please try again later.',
    );
    fixture.setMode('slow', 'directions');
    const slow = await get(`/geo/directions?origin=17.3616,78.4747&destination=17.363,78.476`);
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toBe('The routing service did not answer in time. Please try again later.');
  });

  it.each([
    [{ type: 'turn', modifier: 'sharp right' }, 'MG Road', 'Turn sharp right onto MG Road'],
    [{ type: 'new name' }, 'Janpath', 'Continue onto Janpath'],
    [{ type: 'roundabout', exit: 2 }, 'Rajpath', 'At the roundabout, take exit 2 onto Rajpath'],
    [{ type: 'fork', modifier: 'slight left' }, '', 'Keep slight left at the fork'],
    [{ type: 'depart', bearing_after: 270 }, '', 'Head west'],
    [{ type: 'continue', modifier: 'straight' }, 'Mall Road', 'Continue onto Mall Road'],
  ])('words the maneuver %j on %j as %j', (maneuver, name, expected) => {
    expect(instruction(maneuver, name)).toBe(expected);
  });
});

describe('the cache', () => {
  it(`keeps at most ${MAX_CACHE_ENTRIES} entries per kind, dropping the oldest first`, async () => {
    const db = t.database.db;
    const count = async (kind: GeoCallType) =>
      (
        await db.select({ value: sql<number>`count(*)::int` }).from(geoCache).where(eq(geoCache.kind, kind))
      )[0]?.value;
    const reverseBefore = await count('reverse');
    await db.delete(geoCache).where(eq(geoCache.kind, 'places'));
    const now = Date.now();
    await db.insert(geoCache).values(
      Array.from({ length: MAX_CACHE_ENTRIES }, (_, index) => ({
        kind: 'places' as const,
        key: `IN:seed ${index}`,
        value: [],
        createdAt: new Date(now - (MAX_CACHE_ENTRIES - index) * 60_000),
        expiresAt: new Date(now + 3_600_000),
      })),
    );
    const response = await get('/geo/places?q=marina', await signedIn());
    expect(response.json().data.places[0]?.name).toBe('Marina Beach');
    expect(await count('places')).toBe(MAX_CACHE_ENTRIES);
    const keys = new Set((await db.select({ key: geoCache.key }).from(geoCache)).map((row) => row.key));
    expect(keys.has('IN:seed 0')).toBe(false);
    expect(keys.has('IN:seed 1')).toBe(true);
    expect(keys.has('IN:marina')).toBe(true);
    expect(await count('reverse')).toBe(reverseBefore);
  });
});

describe('usage', () => {
  const today = () => utcDay(new Date());
  const usageRows = () => t.database.db.select().from(geoUsage);

  it('records each provider call per UTC day and call type with its estimated cost, never cache hits', async () => {
    await t.database.db.delete(geoUsage);
    await get('/geo/reverse?lat=28.5882&lng=77.2212');
    await get('/geo/reverse?lat=28.5882&lng=77.2212');
    await get('/geo/places?q=hawa%20mahal%20jaipur');
    await get('/geo/places?q=hawa%20mahal%20jaipur');
    await get('/geo/directions?origin=26.9239,75.8267&destination=26.925,75.827');
    fixture.setMode('fail', 'directions');
    await get('/geo/directions?origin=26.9239,75.8267&destination=26.926,75.828');
    expect(fixture.hits).toEqual({ reverse: 1, places: 1, directions: 2 });
    const rows = await usageRows();
    const byType = Object.fromEntries(rows.map((row) => [row.callType, row]));
    expect(byType).toEqual({
      reverse: { day: today(), callType: 'reverse', calls: 1, cost: 0.005 },
      places: { day: today(), callType: 'places', calls: 1, cost: 0.017 },
      directions: { day: today(), callType: 'directions', calls: 2, cost: 0.064 },
    });
  });

  it('keeps 30 days: older days are deleted when a call is recorded', async () => {
    await t.database.db.insert(geoUsage).values([
      { day: addDays(today(), -31), callType: 'places', calls: 7, cost: 0.119 },
      { day: addDays(today(), -30), callType: 'places', calls: 3, cost: 0.051 },
    ]);
    await get('/geo/reverse?lat=28.5883&lng=77.2213');
    const days = (await usageRows()).map((row) => row.day);
    expect(days).not.toContain(addDays(today(), -31));
    expect(days).toContain(addDays(today(), -30));
  });
});

describe('GET /admin/api-usage', () => {
  const today = utcDay(new Date());
  const seed = async (rows: { day: string; reverse: number; places: number; directions: number }[]) => {
    await t.database.db.delete(geoUsage);
    const cost = { reverse: 0.005, places: 0.017, directions: 0.032 };
    await t.database.db.insert(geoUsage).values(
      rows.flatMap((row) =>
        (['reverse', 'places', 'directions'] as const).map((callType) => ({
          day: row.day,
          callType,
          calls: row[callType],
          cost: row[callType] * cost[callType],
        })),
      ),
    );
  };

  it('refuses explorers and lets admins and super admins read it', async () => {
    expect((await get('/admin/api-usage')).statusCode).toBe(403);
    expect((await get('/admin/api-usage', await signedIn('admin'))).statusCode).toBe(200);
    expect((await get('/admin/api-usage', await signedIn('super_admin'))).statusCode).toBe(200);
  });

  it('answers every day oldest first, totals, this month and the cost level', async () => {
    const admin = await signedIn('admin');
    await seed([
      { day: today, reverse: 40, places: 120, directions: 15 },
      { day: addDays(today, -1), reverse: 10, places: 30, directions: 5 },
      { day: addDays(today, -10), reverse: 0, places: 10, directions: 0 },
    ]);
    const response = await get('/admin/api-usage?days=7', admin);
    expect(response.statusCode).toBe(200);
    const usage = response.json().data;
    expect(usage.days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(today, index - 6)),
    );
    expect(usage.days[0]).toEqual({
      date: addDays(today, -6),
      calls: { reverse: 0, places: 0, directions: 0 },
      cost: 0,
    });
    expect(usage.days[5]).toEqual({
      date: addDays(today, -1),
      calls: { reverse: 10, places: 30, directions: 5 },
      cost: 0.72,
    });
    expect(usage.days[6]).toEqual({
      date: today,
      calls: { reverse: 40, places: 120, directions: 15 },
      cost: 2.72,
    });
    expect(usage.totals).toEqual({ calls: 220, cost: 3.44 });
    expect(usage.level).toBe('medium');
    const monthStart = `${today.slice(0, 7)}-01`;
    const monthly =
      2.72 + (addDays(today, -1) >= monthStart ? 0.72 : 0) + (addDays(today, -10) >= monthStart ? 0.17 : 0);
    expect(usage.monthly).toEqual({ cost: Math.round(monthly * 10_000) / 10_000, warning: false });

    const month = (await get('/admin/api-usage', admin)).json().data;
    expect(month.days).toHaveLength(30);
    expect(month.totals).toEqual({ calls: 230, cost: 3.61 });
  });

  it('grades high and warns above 10 dollars this month', async () => {
    await seed([{ day: today, reverse: 0, places: 600, directions: 10 }]);
    const usage = (await get('/admin/api-usage?days=1', await signedIn('admin'))).json().data;
    expect(usage.totals).toEqual({ calls: 610, cost: 10.52 });
    expect(usage).toMatchObject({ level: 'high', monthly: { cost: 10.52, warning: true } });
  });

  it.each([
    [0, 'low'],
    [0.999, 'low'],
    [1, 'medium'],
    [4.99, 'medium'],
    [5, 'high'],
    [250, 'high'],
  ])('grades %d dollars %s', (cost, level) => {
    expect(costLevel(cost)).toBe(level);
  });

  it.each(['days=0', 'days=31', 'days=week'])('answers 400 to %s', async (query) => {
    expect((await get(`/admin/api-usage?${query}`, await signedIn('admin'))).statusCode).toBe(400);
  });
});
