import { describe, expect, it } from 'vitest';
import type { GeoFixtureServer } from '../../../test/geo-fixture-server.ts';
import { setUpGeoTestApp } from '../../../test/geo-test-app.ts';
import type { GeoConfig } from '../../config.ts';
import { COORDINATE_RANGES } from './geo-service.ts';
import { instruction, NO_ROUTE } from './osrm.ts';

let fixture: GeoFixtureServer;
let geo: GeoConfig;
const { get, requestsOf } = setUpGeoTestApp((started) => {
  ({ fixture, geo } = started);
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
