import type { Schema } from '@cityquest/contract';
import {
  finiteNumber,
  isRecord,
  type ProviderClient,
  providerError,
  text,
  unavailable,
  unexpectedAnswer,
} from './provider-client.ts';

export type GeoDirections = Schema<'GeoDirections'>;
type GeoLeg = Schema<'GeoLeg'>;
type GeoStep = Schema<'GeoStep'>;
export type Point = { lat: number; lng: number };

export const NO_ROUTE = 'No walking route was found between these points.';

const COMPASS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'];

const compass = (bearing: number) => COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8] ?? 'north';

const onto = (name: string) => (name ? ` onto ${name}` : '');

/** A readable instruction from an OSRM maneuver ('Turn left onto Lodhi Road'), in English like the app. */
export function instruction(maneuver: Record<string, unknown>, name: string): string {
  const type = text(maneuver.type) ?? 'continue';
  const modifier = text(maneuver.modifier);
  const direction = modifier && modifier !== 'straight' ? modifier : undefined;
  switch (type) {
    case 'depart': {
      const bearing = finiteNumber(maneuver.bearing_after);
      const heading = bearing === undefined ? 'Head out' : `Head ${compass(bearing)}`;
      return name ? `${heading} on ${name}` : heading;
    }
    case 'arrive':
      return 'Arrive at your destination';
    case 'turn':
    case 'end of road':
      return direction ? `Turn ${direction}${onto(name)}` : `Continue straight${onto(name)}`;
    case 'new name':
      return name ? `Continue onto ${name}` : 'Continue';
    case 'fork':
      return `Keep ${direction ?? 'straight'} at the fork${onto(name)}`;
    case 'merge':
      return `Merge ${direction ?? ''}`.trimEnd() + onto(name);
    case 'roundabout':
    case 'rotary': {
      const exit = finiteNumber(maneuver.exit);
      return exit
        ? `At the roundabout, take exit ${exit}${onto(name)}`
        : `Go through the roundabout${onto(name)}`;
    }
    case 'exit roundabout':
    case 'exit rotary':
      return `Exit the roundabout${onto(name)}`;
    default:
      return direction ? `Go ${direction}${onto(name)}` : `Continue${onto(name)}`;
  }
}

const meters = (value: unknown) => Math.max(0, finiteNumber(value) ?? 0);

function mapStep(step: unknown): GeoStep | undefined {
  if (!isRecord(step)) return undefined;
  const name = text(step.name) ?? '';
  return {
    instruction: instruction(isRecord(step.maneuver) ? step.maneuver : {}, name),
    name,
    distanceMeters: meters(step.distance),
    durationSeconds: meters(step.duration),
  };
}

function mapLeg(leg: unknown): GeoLeg {
  if (!isRecord(leg)) throw unexpectedAnswer('router');
  const steps = Array.isArray(leg.steps)
    ? leg.steps.map(mapStep).filter((step): step is GeoStep => step !== undefined)
    : [];
  return { distanceMeters: meters(leg.distance), durationSeconds: meters(leg.duration), steps };
}

function mapGeometry(geometry: unknown): GeoDirections['geometry'] {
  if (!isRecord(geometry) || geometry.type !== 'LineString' || !Array.isArray(geometry.coordinates))
    throw unexpectedAnswer('router');
  const coordinates = geometry.coordinates.map((pair): number[] => {
    const lng = Array.isArray(pair) ? finiteNumber(pair[0]) : undefined;
    const lat = Array.isArray(pair) ? finiteNumber(pair[1]) : undefined;
    if (lng === undefined || lat === undefined) throw unexpectedAnswer('router');
    return [lng, lat];
  });
  const [first] = coordinates;
  if (!first) throw unexpectedAnswer('router');
  // A zero-length route (origin = destination) is one point; a LineString needs two.
  return { type: 'LineString', coordinates: coordinates.length === 1 ? [first, first] : coordinates };
}

/** OSRM's first route: full GeoJSON geometry, one leg per stretch between consecutive points. */
export function mapRoute(status: number, body: unknown, points: number): GeoDirections {
  const code = isRecord(body) ? body.code : undefined;
  // OSRM answers NoRoute / NoSegment (a point far from any path) with a 4xx and a code.
  if (code === 'NoRoute' || code === 'NoSegment') throw providerError(NO_ROUTE);
  if (status < 200 || status > 299 || !isRecord(body)) throw unavailable('router');
  if (code !== 'Ok' || !Array.isArray(body.routes)) throw unexpectedAnswer('router');
  const [route] = body.routes;
  if (!isRecord(route)) throw providerError(NO_ROUTE);
  const legs = Array.isArray(route.legs) ? route.legs.map(mapLeg) : [];
  if (legs.length !== points - 1) throw unexpectedAnswer('router');
  return {
    distanceMeters: meters(route.distance),
    durationSeconds: meters(route.duration),
    geometry: mapGeometry(route.geometry),
    legs,
  };
}

/** `lng,lat;lng,lat;...` as OSRM takes them, from origin through the stopovers to the destination. */
export const routeCoordinates = (points: Point[]) => points.map(({ lat, lng }) => `${lng},${lat}`).join(';');

export async function walkingRoute(
  call: ProviderClient,
  baseUrl: string,
  points: Point[],
): Promise<GeoDirections> {
  const url = new URL(`${baseUrl}/route/v1/foot/${routeCoordinates(points)}`);
  url.search = new URLSearchParams({ geometries: 'geojson', overview: 'full', steps: 'true' }).toString();
  const answer = await call('router', url);
  return mapRoute(answer.status, answer.body, points.length);
}
