import { describe, expect, it } from 'vitest';
import type { GeoFixtureServer } from '../../../test/geo-fixture-server.ts';
import { setUpGeoTestApp } from '../../../test/geo-test-app.ts';
import type { GeoConfig } from '../../config.ts';

let fixture: GeoFixtureServer;
let geo: GeoConfig;
const { get, signedIn, requestsOf } = setUpGeoTestApp((started) => {
  ({ fixture, geo } = started);
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
