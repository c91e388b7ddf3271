import type { TranslationKey } from './i18n-resources.ts';
/**
 * Browser positioning (docs/product-rules/maps-and-location.md#device-location): a quick low-accuracy fix accepted at
 * 20 m or better, else one high-accuracy attempt and the better of the two, else a normal-accuracy fallback;
 * session caches for the explore map (10 minutes) and for the device location elsewhere (1 hour).
 */

export type Coordinates = { lat: number; lng: number; accuracy: number };
export type LocationSource = 'gps' | 'cache' | 'default';
export type Located = Coordinates & { source: LocationSource; timestamp: number };

/** The default centre, New Delhi (docs/product-rules/maps-and-location.md#default-centre). */
export const DEFAULT_CENTER = { lat: 28.6139, lng: 77.209 } as const;
export const GOOD_ACCURACY_METERS = 20;
export const EARTH_RADIUS_METERS = 6_371_000;

export const POSITION_OPTIONS = {
  first: { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60 * 60 * 1000 },
  precise: { enableHighAccuracy: true, timeout: 8_000, maximumAge: 0 },
  fallback: { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60 * 1000 },
  explore: { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60 * 1000 },
  tracking: { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5_000 },
} as const satisfies Record<string, PositionOptions>;

export const CACHE_TTL = { explore: 10 * 60 * 1000, device: 60 * 60 * 1000 } as const;

/** What can go wrong when locating; each has a message (docs/product-rules/messages.md#location-messages). */
export type LocationProblem = 'permission' | 'unavailable' | 'timeout' | 'unsupported' | 'unknown';

export class LocationError extends Error {
  readonly problem: LocationProblem;
  constructor(problem: LocationProblem) {
    super(problem);
    this.name = 'LocationError';
    this.problem = problem;
  }
}

type GeolocationLike = Pick<Geolocation, 'getCurrentPosition' | 'watchPosition' | 'clearWatch'>;

function problemOf(error: GeolocationPositionError | { code: number }): LocationProblem {
  if (error.code === 1) return 'permission';
  if (error.code === 2) return 'unavailable';
  if (error.code === 3) return 'timeout';
  return 'unknown';
}

function readOnce(geo: GeolocationLike, options: PositionOptions): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (position) =>
        resolve({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) => reject(new LocationError(problemOf(error))),
      options,
    );
  });
}

/** The best fix the device gives within the timeouts of docs/product-rules/maps-and-location.md#device-location. */
export async function locateDevice(
  geo: GeolocationLike | undefined = globalThis.navigator?.geolocation,
): Promise<Coordinates> {
  if (!geo) throw new LocationError('unsupported');
  let first: Coordinates | undefined;
  try {
    first = await readOnce(geo, POSITION_OPTIONS.first);
    if (first.accuracy <= GOOD_ACCURACY_METERS) return first;
  } catch (error) {
    if (error instanceof LocationError && error.problem === 'permission') throw error;
  }
  try {
    const precise = await readOnce(geo, POSITION_OPTIONS.precise);
    return first && first.accuracy < precise.accuracy ? first : precise;
  } catch (error) {
    if (first) return first;
    if (error instanceof LocationError && error.problem === 'permission') throw error;
  }
  return readOnce(geo, POSITION_OPTIONS.fallback);
}

const CACHE_KEYS = { data: 'userLocationData', timestamp: 'userLocationTimestamp' } as const;

type CachedLocation = { address: string | null; lat: number; lng: number; source: LocationSource };

export function readCachedLocation(
  maxAgeMs: number,
  storage: Storage = window.sessionStorage,
  now = Date.now(),
) {
  const timestamp = Number(storage.getItem(CACHE_KEYS.timestamp));
  const raw = storage.getItem(CACHE_KEYS.data);
  if (!raw || !Number.isFinite(timestamp) || now - timestamp > maxAgeMs) return null;
  try {
    return JSON.parse(raw) as CachedLocation;
  } catch {
    return null;
  }
}

export function writeCachedLocation(
  location: CachedLocation,
  storage: Storage = window.sessionStorage,
  now = Date.now(),
) {
  storage.setItem(CACHE_KEYS.data, JSON.stringify(location));
  storage.setItem(CACHE_KEYS.timestamp, String(now));
}

/**
 * The device location with the session cache: a cached fix younger than maxAgeMs, else a fresh one (cached),
 * else the default centre together with the problem to show.
 */
export async function currentLocation(options: {
  maxAgeMs: number;
  geo?: GeolocationLike;
  storage?: Storage;
  now?: () => number;
}): Promise<{ location: Located; problem: LocationProblem | null }> {
  const now = options.now ?? Date.now;
  const storage = options.storage ?? window.sessionStorage;
  const cached = readCachedLocation(options.maxAgeMs, storage, now());
  if (cached) {
    return {
      location: { lat: cached.lat, lng: cached.lng, accuracy: 0, source: 'cache', timestamp: now() },
      problem: null,
    };
  }
  try {
    const fix = await locateDevice(options.geo ?? globalThis.navigator?.geolocation);
    writeCachedLocation({ address: null, lat: fix.lat, lng: fix.lng, source: 'gps' }, storage, now());
    return { location: { ...fix, source: 'gps', timestamp: now() }, problem: null };
  } catch (error) {
    const problem = error instanceof LocationError ? error.problem : 'unknown';
    return { location: { ...DEFAULT_CENTER, accuracy: 0, source: 'default', timestamp: now() }, problem };
  }
}

/** Live tracking for quest play: call the returned function to stop (also on leaving the page). */
export function trackPosition(
  onFix: (fix: Coordinates) => void,
  onFailure: (problem: LocationProblem) => void,
  geo: GeolocationLike | undefined = globalThis.navigator?.geolocation,
): () => void {
  if (!geo) {
    onFailure('unsupported');
    return () => undefined;
  }
  const id = geo.watchPosition(
    (position) =>
      onFix({
        lat: position.coords.latitude,
        lng: position.coords.longitude,
        accuracy: position.coords.accuracy,
      }),
    (error) => {
      geo.clearWatch(id);
      onFailure(problemOf(error));
    },
    POSITION_OPTIONS.tracking,
  );
  return () => geo.clearWatch(id);
}

/** Great-circle distance in metres (haversine, earth radius 6,371,000 m). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The i18n key of a problem's message, on the explore map or on the positioning pages (docs/product-rules/messages.md#location-messages). */
export function locationMessageKey(problem: LocationProblem, context: 'map' | 'positioning'): TranslationKey {
  if (context === 'map') return `location.map.${problem}`;
  return `location.positioning.${problem === 'unsupported' ? 'unknown' : problem}`;
}
