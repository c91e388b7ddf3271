import type { Schema } from '@cityquest/contract';
import {
  finiteNumber,
  isRecord,
  okBody,
  type ProviderClient,
  text,
  unexpectedAnswer,
} from './provider-client.ts';

export type GeoPlace = Schema<'GeoPlace'>;

export const MAX_PLACES = 10;

const OSM_TYPES: Record<string, string> = { N: 'node', W: 'way', R: 'relation' };

function placeId(properties: Record<string, unknown>, lat: number, lng: number): string {
  const osmId = finiteNumber(properties.osm_id);
  const osmType = OSM_TYPES[String(properties.osm_type ?? '').toUpperCase()];
  return osmId !== undefined && osmType ? `osm-${osmType}-${osmId}` : `point-${lat},${lng}`;
}

function mapFeature(feature: unknown, country: string): GeoPlace | undefined {
  if (!isRecord(feature) || !isRecord(feature.properties) || !isRecord(feature.geometry)) return undefined;
  const properties = feature.properties;
  const coordinates = Array.isArray(feature.geometry.coordinates) ? feature.geometry.coordinates : [];
  const lng = finiteNumber(coordinates[0]);
  const lat = finiteNumber(coordinates[1]);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  // Photon honours countrycode; an instance that ignores it must not leak other countries into the answer.
  const countryCode = text(properties.countrycode);
  if (countryCode && countryCode.toUpperCase() !== country) return undefined;
  const parts = [
    text(properties.street),
    text(properties.district) ?? text(properties.locality),
    text(properties.city),
    text(properties.state),
    text(properties.country),
  ].filter((part): part is string => part !== undefined);
  const name = text(properties.name) ?? parts[0];
  if (!name) return undefined;
  const address = [...new Set(parts.filter((part) => part !== name))].join(', ');
  return { id: placeId(properties, lat, lng), name, address, lat, lng };
}

/** Photon's GeoJSON features as the contract's places, best first, without duplicates. */
export function mapPlaces(body: unknown, country: string): GeoPlace[] {
  if (!isRecord(body) || !Array.isArray(body.features)) throw unexpectedAnswer('places');
  const places = new Map<string, GeoPlace>();
  for (const feature of body.features) {
    const place = mapFeature(feature, country);
    if (place && !places.has(place.id)) places.set(place.id, place);
    if (places.size === MAX_PLACES) break;
  }
  return [...places.values()];
}

export async function searchPlaces(
  call: ProviderClient,
  baseUrl: string,
  query: string,
  country: string,
): Promise<GeoPlace[]> {
  const url = new URL(`${baseUrl}/api`);
  url.search = new URLSearchParams({
    q: query,
    limit: String(MAX_PLACES),
    lang: 'en',
    countrycode: country,
  }).toString();
  return mapPlaces(okBody('places', await call('places', url)), country);
}
