import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GeoFixtureServer } from '../../../test/geo-fixture-server.ts';
import { GEOCODER_INTERVAL_MS, setUpGeoTestApp } from '../../../test/geo-test-app.ts';
import type { TestApp } from '../../../test/helper.ts';
import type { GeoConfig } from '../../config.ts';
import { type GeoCallType, geoCache } from '../../db/schema.ts';
import { MAX_CACHE_ENTRIES } from './cache-repository.ts';
import { NO_ADDRESS } from './nominatim.ts';

let fixture: GeoFixtureServer;
let t: TestApp;
let geo: GeoConfig;
const { get, signedIn, requestsOf } = setUpGeoTestApp((started) => {
  ({ fixture, t, geo } = started);
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

// After the reverse lookups above: their cached answers show that the places limit leaves other kinds alone.
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
