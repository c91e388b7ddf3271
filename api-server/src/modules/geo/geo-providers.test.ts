import { describe, expect, it } from 'vitest';
import type { GeoFixtureServer } from '../../../test/geo-fixture-server.ts';
import { setUpGeoTestApp } from '../../../test/geo-test-app.ts';
import { loadConfig } from '../../config.ts';

let fixture: GeoFixtureServer;
const { get } = setUpGeoTestApp((started) => {
  ({ fixture } = started);
});

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
