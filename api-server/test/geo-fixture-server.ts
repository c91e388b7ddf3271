// A local stand-in for the geo providers (Nominatim /reverse, Photon /api, OSRM /route/v1/foot/...), so that
// API and end-to-end tests never reach the internet. Answers are deterministic, built from a handful of Indian
// landmarks; switches make a provider fail (500) or hang (slower than any client timeout), and every request
// is counted and kept for assertions.
//
// In tests:  const fixture = await startGeoFixtureServer();  then point GEOCODER_URL, PLACES_URL and
// ROUTER_URL (config.geo.geocoderUrl / placesUrl / routerUrl) at fixture.url.
// Standalone: node --import tsx api-server/test/geo-fixture-server.ts --port 8190  (GET /health answers 200).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { GeoConfig } from '../src/config.ts';
import { bearing, FIXTURE_PLACES, haversine, nearest } from './geo-fixture-places.ts';

export type GeoFixtureKind = 'reverse' | 'places' | 'directions';
export type GeoFixtureMode = 'ok' | 'fail' | 'slow';

export type GeoFixtureRequest = {
  kind: GeoFixtureKind;
  url: URL;
  userAgent: string | undefined;
  /** Date.now() when the request arrived. */
  at: number;
};

export type GeoFixtureServer = {
  /** Base URL of all three providers, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  port: number;
  /** Requests per provider since start or the last reset(), failed and slow ones included. */
  hits: Record<GeoFixtureKind, number>;
  requests: GeoFixtureRequest[];
  /** 'fail' answers 500, 'slow' answers after slowMs; without a kind the mode applies to all three. */
  setMode(mode: GeoFixtureMode, kind?: GeoFixtureKind): void;
  /** Every provider back to 'ok', counters and request log cleared. */
  reset(): void;
  close(): Promise<void>;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

type Answer = { status: number; body: unknown };

/** Nominatim's /reverse?format=json answer, or its 'Unable to geocode' far from every fixture place. */
function reverseAnswer(url: URL): Answer {
  const lat = Number(url.searchParams.get('lat'));
  const lng = Number(url.searchParams.get('lon'));
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { status: 400, body: { error: 'Bad Request' } };
  const place = nearest({ lat, lng }, 25_000);
  if (!place) return { status: 200, body: { error: 'Unable to geocode' } };
  return {
    status: 200,
    body: {
      place_id: place.osmId,
      licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
      osm_type: 'way',
      osm_id: place.osmId,
      lat: String(place.lat),
      lon: String(place.lng),
      display_name: [
        place.name,
        place.street,
        place.suburb,
        place.city,
        place.state,
        place.postcode,
        place.country,
      ].join(', '),
      address: {
        tourism: place.name,
        road: place.street,
        suburb: place.suburb,
        [place.placeKey]: place.city,
        state: place.state,
        postcode: place.postcode,
        country: place.country,
        country_code: place.countryCode.toLowerCase(),
      },
      boundingbox: [
        String(place.lat - 0.001),
        String(place.lat + 0.001),
        String(place.lng - 0.001),
        String(place.lng + 0.001),
      ],
    },
  };
}

/** Photon's /api answer: GeoJSON features whose text holds every word of q, in the requested countries. */
function placesAnswer(url: URL): Answer {
  const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const countries = url.searchParams.getAll('countrycode').map((code) => code.toUpperCase());
  const limit = Number(url.searchParams.get('limit') ?? 15);
  const query = words.join(' ');
  const features = FIXTURE_PLACES.filter((place) => {
    const haystack = `${place.name} ${place.street} ${place.city} ${place.state}`.toLowerCase();
    return (
      words.length > 0 &&
      words.every((word) => haystack.includes(word)) &&
      (countries.length === 0 || countries.includes(place.countryCode))
    );
  })
    // Best first, as Photon ranks: names starting with the query before other matches.
    .sort(
      (a, b) =>
        Number(b.name.toLowerCase().startsWith(query)) - Number(a.name.toLowerCase().startsWith(query)),
    )
    .slice(0, limit)
    .map((place) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
      properties: {
        osm_type: 'W',
        osm_id: place.osmId,
        osm_key: 'tourism',
        osm_value: 'attraction',
        type: 'house',
        name: place.name,
        street: place.street,
        district: place.suburb,
        city: place.city,
        state: place.state,
        postcode: place.postcode,
        country: place.country,
        countrycode: place.countryCode,
      },
    }));
  return { status: 200, body: { type: 'FeatureCollection', features } };
}

/**
 * OSRM's /route/v1/foot answer: one leg per consecutive pair, each a depart, a left turn halfway and an
 * arrival. Points near (0, 0), in the open sea, have no route. Without geometries=geojson the geometry is
 * an encoded polyline, as OSRM does, so a client that forgets to ask for GeoJSON notices.
 */
function routeAnswer(url: URL): Answer {
  const match = /^\/route\/v1\/foot\/([^/?]+)$/.exec(url.pathname);
  if (!match?.[1]) return { status: 400, body: { code: 'InvalidUrl', message: 'URL string malformed' } };
  const points = decodeURIComponent(match[1])
    .split(';')
    .map((pair) => {
      const [lng, lat] = pair.split(',').map(Number);
      return { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN };
    });
  if (points.length < 2 || points.some(({ lat, lng }) => !Number.isFinite(lat) || !Number.isFinite(lng)))
    return { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed' } };
  if (points.some(({ lat, lng }) => Math.abs(lat) < 1 && Math.abs(lng) < 1))
    return { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } };
  const withSteps = url.searchParams.get('steps') === 'true';
  const coordinates: number[][] = [[points[0]?.lng ?? 0, points[0]?.lat ?? 0]];
  const legs = points.slice(1).map((to, index) => {
    const from = points[index] ?? to;
    const middle = { lat: (from.lat + to.lat) / 2 + 0.0005, lng: (from.lng + to.lng) / 2 };
    coordinates.push([middle.lng, middle.lat], [to.lng, to.lat]);
    const first = round1(haversine(from, middle) * 1.1);
    const second = round1(haversine(middle, to) * 1.1);
    const street = nearest(from, 5_000)?.street ?? 'Fixture Road';
    const steps = [
      {
        distance: first,
        duration: round1(first / 1.4),
        name: street,
        maneuver: {
          type: 'depart',
          bearing_before: 0,
          bearing_after: bearing(from, middle),
          location: [from.lng, from.lat],
        },
      },
      {
        distance: second,
        duration: round1(second / 1.4),
        name: 'Heritage Walk',
        maneuver: { type: 'turn', modifier: 'left', location: [middle.lng, middle.lat] },
      },
      { distance: 0, duration: 0, name: '', maneuver: { type: 'arrive', location: [to.lng, to.lat] } },
    ];
    const distance = round1(first + second);
    return {
      distance,
      duration: round1(distance / 1.4),
      weight: distance,
      summary: street,
      steps: withSteps ? steps : [],
    };
  });
  const distance = round1(legs.reduce((sum, leg) => sum + leg.distance, 0));
  const geometry =
    url.searchParams.get('geometries') === 'geojson' ? { type: 'LineString', coordinates } : 'o}_pDqmyuM??';
  return {
    status: 200,
    body: {
      code: 'Ok',
      routes: [
        {
          geometry,
          legs,
          distance,
          duration: round1(distance / 1.4),
          weight: distance,
          weight_name: 'duration',
        },
      ],
      waypoints: points.map((point) => ({ name: '', location: [point.lng, point.lat], distance: 0 })),
    },
  };
}

function kindOf(pathname: string): GeoFixtureKind | undefined {
  if (pathname === '/reverse') return 'reverse';
  if (pathname === '/api') return 'places';
  if (pathname.startsWith('/route/v1/')) return 'directions';
  return undefined;
}

const answerFor: Record<GeoFixtureKind, (url: URL) => Answer> = {
  reverse: reverseAnswer,
  places: placesAnswer,
  directions: routeAnswer,
};

function send(response: ServerResponse, { status, body }: Answer) {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** API settings with every geo provider at the fixture (pass as createTestApp({ geo })). */
export function fixtureGeoConfig(url: string, overrides: Partial<GeoConfig> = {}): GeoConfig {
  return {
    geocoderUrl: url,
    placesUrl: url,
    routerUrl: url,
    userAgent: 'CityQuest-test/1.0 (+https://example.test/cityquest)',
    timeoutMs: 2_000,
    geocoderIntervalMs: 0,
    placesRateLimit: { max: 50, windowMs: 60_000 },
    ...overrides,
  };
}

export async function startGeoFixtureServer(
  options: { port?: number; host?: string; slowMs?: number } = {},
): Promise<GeoFixtureServer> {
  const host = options.host ?? '127.0.0.1';
  const slowMs = options.slowMs ?? 15_000;
  const modes: Record<GeoFixtureKind, GeoFixtureMode> = { reverse: 'ok', places: 'ok', directions: 'ok' };
  const hits: Record<GeoFixtureKind, number> = { reverse: 0, places: 0, directions: 0 };
  const requests: GeoFixtureRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    if (url.pathname === '/health') return send(response, { status: 200, body: { ok: true } });
    const kind = kindOf(url.pathname);
    if (!kind || request.method !== 'GET')
      return send(response, { status: 404, body: { error: 'Not found' } });
    hits[kind] += 1;
    requests.push({ kind, url, userAgent: request.headers['user-agent'], at: Date.now() });
    const mode = modes[kind];
    if (mode === 'fail') return send(response, { status: 500, body: { error: 'fixture failure' } });
    if (mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(response, answerFor[kind](url));
      }, slowMs);
      timers.add(timer);
      return;
    }
    send(response, answerFor[kind](url));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    port,
    hits,
    requests,
    setMode(mode, kind) {
      for (const key of kind ? [kind] : (Object.keys(modes) as GeoFixtureKind[])) modes[key] = mode;
    },
    reset() {
      for (const key of Object.keys(modes) as GeoFixtureKind[]) {
        modes[key] = 'ok';
        hits[key] = 0;
      }
      requests.length = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Standalone (Playwright's webServer): --port N or GEO_FIXTURE_PORT, default 8190.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.indexOf('--port');
  const port = Number(flag > 0 ? process.argv[flag + 1] : (process.env.GEO_FIXTURE_PORT ?? 8190));
  const fixture = await startGeoFixtureServer({ port });
  console.log(`geo fixture providers on ${fixture.url}`);
  const stop = () => void fixture.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
