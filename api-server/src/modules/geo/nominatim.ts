import type { Schema } from '@cityquest/contract';
import { isRecord, okBody, type ProviderClient, providerError, text } from './provider-client.ts';

export type ReverseAddress = Omit<Schema<'GeoReverse'>, 'lat' | 'lng' | 'cached'>;

export const NO_ADDRESS = 'No address was found for this location.';

/** Nominatim's reverse answer: display_name and address parts, the city under whichever place rank it has. */
export function mapReverse(body: unknown): ReverseAddress {
  if (!isRecord(body)) throw providerError(NO_ADDRESS);
  const displayName = text(body.display_name);
  // Nominatim answers 200 with { error: 'Unable to geocode' } where there is nothing (the open sea).
  if (!displayName || body.error !== undefined) throw providerError(NO_ADDRESS);
  const parts = isRecord(body.address) ? body.address : {};
  const candidates = {
    road: text(parts.road) ?? text(parts.pedestrian) ?? text(parts.footway),
    suburb: text(parts.suburb) ?? text(parts.neighbourhood) ?? text(parts.quarter),
    city: text(parts.city) ?? text(parts.town) ?? text(parts.village) ?? text(parts.municipality),
    state: text(parts.state),
    postcode: text(parts.postcode),
    country: text(parts.country),
  };
  const address: ReverseAddress['address'] = {};
  for (const [key, value] of Object.entries(candidates)) {
    if (value) address[key as keyof typeof candidates] = value;
  }
  return { displayName, address };
}

export async function reverseGeocode(
  call: ProviderClient,
  baseUrl: string,
  lat: number,
  lng: number,
): Promise<ReverseAddress> {
  const url = new URL(`${baseUrl}/reverse`);
  url.search = new URLSearchParams({
    lat: String(lat),
    lon: String(lng),
    format: 'json',
    addressdetails: '1',
    // Street level: the contract answers road and suburb (the create-quest map names a clicked point).
    zoom: '18',
    'accept-language': 'en',
  }).toString();
  return mapReverse(okBody('geocoder', await call('geocoder', url)));
}
