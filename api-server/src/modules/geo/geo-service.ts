import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Limiter } from '../../lib/coordination.ts';
import { fieldError, HttpError, tooManyRequests } from '../../lib/http-error.ts';
import { readCache, writeCache } from './cache-repository.ts';
import { reverseGeocode } from './nominatim.ts';
import { type GeoDirections, type Point, walkingRoute } from './osrm.ts';
import { type GeoPlace, searchPlaces } from './photon.ts';
import { createProviderClient, type Provider, providerError } from './provider-client.ts';
import type { GeoCallType } from './tables/geo.tables.ts';
import { recordCall } from './usage-repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How long answers are served from geo_cache (docs/product-rules/maps-and-location.md#geo-caches). */
export const CACHE_TTL_MS: Record<GeoCallType, number> = {
  reverse: 24 * HOUR_MS,
  places: 7 * 24 * HOUR_MS,
  directions: 24 * HOUR_MS,
};

const CALL_TYPE: Record<Provider, GeoCallType> = {
  geocoder: 'reverse',
  places: 'places',
  router: 'directions',
};

export const MAX_WAYPOINTS = 23;
export const COORDINATE_RANGES = 'Please enter valid coordinate ranges (Lat: -90 to 90, Lng: -180 to 180)';
export const SEARCH_TOO_SHORT = 'Search text must be at least 2 characters long';
export const rateLimitMessage = (seconds: number) => `Rate limit reached. Please wait ${seconds} seconds.`;

/** About a metre: nearby clicks share one cached address. */
const round5 = (value: number) => Number(value.toFixed(5));

/** Trimmed, single-spaced and lower-cased, so 'India  Gate' and 'india gate' share one cache entry. */
export const normaliseQuery = (query: string) =>
  query.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

export function parsePoint(value: string, field: string): Point {
  const [lat, lng] = value.split(',').map(Number);
  if (lat === undefined || lng === undefined || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180))
    throw fieldError(field, COORDINATE_RANGES);
  return { lat: round5(lat), lng: round5(lng) };
}

export type GeoService = ReturnType<typeof createGeoService>;

/**
 * Reverse geocoding, place search and walking directions through the configured providers: answers come from
 * geo_cache while fresh; otherwise the provider is called (and the call counted in geo_usage) and its answer
 * cached. A provider failure answers 502, unless an expired answer is at hand, which is served instead.
 */
export function createGeoService(ctx: Pick<AppContext, 'config' | 'db' | 'log' | 'coordination'>) {
  const { geo } = ctx.config;
  // Every request sent to a provider is counted, answered or not; cache hits never get this far.
  const call = createProviderClient(geo, ctx.log, (provider) =>
    recordCall(ctx.db, CALL_TYPE[provider]).catch((error: unknown) =>
      ctx.log.warn({ err: error, provider }, 'geo usage record failed'),
    ),
  );
  // Nominatim's policy allows one request a second from the whole deployment, so the spacing is shared.
  const geocoderTurn = ctx.coordination.spacing('geocoder', geo.geocoderIntervalMs, geo.timeoutMs);
  // Per-user windows for every call a user can repeat at will (0 = no limit), so that nobody can hog the
  // single geocoder queue or spend the providers' goodwill for everyone.
  const { quotas } = ctx.config;
  const perMinute = (kind: GeoCallType, points: number) =>
    points ? ctx.coordination.limiter(`geo-${kind}`, { points, durationMs: 60_000 }) : undefined;
  const windows: Record<GeoCallType, Limiter | undefined> = {
    places: ctx.coordination.limiter('geo-places', {
      points: geo.placesRateLimit.max,
      durationMs: geo.placesRateLimit.windowMs,
    }),
    reverse: perMinute('reverse', quotas.reverseGeocodesPerMinute),
    directions: perMinute('directions', quotas.directionsPerMinute),
  };
  async function takeTurn(kind: GeoCallType, userId: string): Promise<void> {
    const limit = await windows[kind]?.take(userId);
    if (limit && !limit.allowed) {
      const seconds = Math.max(1, Math.ceil(limit.retryAfterMs / 1000));
      throw tooManyRequests(rateLimitMessage(seconds), seconds);
    }
  }
  // Identical misses arriving together share one provider call.
  const inFlight = new Map<string, Promise<unknown>>();

  async function cacheRead(kind: GeoCallType, key: string) {
    try {
      return await readCache(ctx.db, kind, key);
    } catch (error) {
      ctx.log.warn({ err: error, kind }, 'geo cache read failed');
      return undefined;
    }
  }

  async function fromProvider<T>(
    kind: GeoCallType,
    key: string,
    ownerId: string,
    fetchAnswer: () => Promise<T>,
  ): Promise<T> {
    const value = await fetchAnswer();
    await writeCache(ctx.db, { kind, key, value, ttlMs: CACHE_TTL_MS[kind], ownerId }).catch(
      (error: unknown) => ctx.log.warn({ err: error, kind }, 'geo cache write failed'),
    );
    return value;
  }

  async function cached<T>(
    kind: GeoCallType,
    key: string,
    ownerId: string,
    fetchAnswer: () => Promise<T>,
  ): Promise<{ value: T; cached: boolean }> {
    const entry = await cacheRead(kind, key);
    if (entry && entry.expiresAt.getTime() > Date.now()) return { value: entry.value as T, cached: true };
    const flightKey = `${kind}\n${key}`;
    let flight = inFlight.get(flightKey) as Promise<T> | undefined;
    if (!flight) {
      flight = fromProvider(kind, key, ownerId, fetchAnswer).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, flight);
    }
    try {
      return { value: await flight, cached: false };
    } catch (error) {
      if (entry && error instanceof HttpError && error.statusCode === 502) {
        ctx.log.warn({ kind, message: error.message }, 'geo provider down; serving an expired answer');
        return { value: entry.value as T, cached: true };
      }
      throw error;
    }
  }

  return {
    async reverse(userId: string, lat: number, lng: number): Promise<Schema<'GeoReverse'>> {
      await takeTurn('reverse', userId);
      const point = { lat: round5(lat), lng: round5(lng) };
      const { value, cached: hit } = await cached(
        'reverse',
        `${point.lat},${point.lng}`,
        userId,
        async () => {
          if (!(await geocoderTurn()))
            throw providerError('The geocoding service is busy. Please try again shortly.');
          return reverseGeocode(call, geo.geocoderUrl, point.lat, point.lng);
        },
      );
      return { ...value, lat, lng, cached: hit };
    },

    async searchPlaces(userId: string, query: string, country: string): Promise<{ places: GeoPlace[] }> {
      const q = normaliseQuery(query);
      if (q.length < 2) throw fieldError('q', SEARCH_TOO_SHORT);
      await takeTurn('places', userId);
      const code = country.toUpperCase();
      const { value } = await cached('places', `${code}:${q}`, userId, () =>
        searchPlaces(call, geo.placesUrl, q, code),
      );
      return { places: value };
    },

    async directions(
      userId: string,
      origin: string,
      destination: string,
      waypoints?: string,
    ): Promise<GeoDirections> {
      const stops = waypoints ? waypoints.split('|') : [];
      if (stops.length > MAX_WAYPOINTS)
        throw fieldError('waypoints', `At most ${MAX_WAYPOINTS} waypoints are allowed`);
      const points = [
        parsePoint(origin, 'origin'),
        ...stops.map((stop) => parsePoint(stop, 'waypoints')),
        parsePoint(destination, 'destination'),
      ];
      await takeTurn('directions', userId);
      const key = points.map(({ lat, lng }) => `${lat},${lng}`).join(';');
      const { value } = await cached('directions', key, userId, () =>
        walkingRoute(call, geo.routerUrl, points),
      );
      return value;
    },
  };
}
