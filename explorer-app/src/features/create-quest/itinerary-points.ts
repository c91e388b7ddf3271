// The itinerary editor's points: as the map shows them, as text, and as GET /geo/reverse describes them.
import { QUEST_LIMITS } from '@cityquest/contract';
import type { MapPoint } from '@cityquest/shared-ui';
import { pincodeDigits } from '@cityquest/web-client/quest-form';
import type { QueryClient } from '@tanstack/react-query';
import { geoQueries } from '../../lib/geo-api.ts';
import type { GeoPlace } from './create-quest-api.ts';
import type { PlaceValue } from './quest-form-values.ts';

export const located = (place: PlaceValue | null): MapPoint | null =>
  place && place.lat !== null && place.lng !== null
    ? { lat: place.lat, lng: place.lng, name: place.name }
    : null;

export const coordinatesText = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

export const fromPlace = (place: GeoPlace): PlaceValue => ({
  name: place.name,
  lat: place.lat,
  lng: place.lng,
  ...(place.address ? { address: place.address } : {}),
});

export type Described = { name: string; fill: { address?: string; city?: string; pincode?: string } };

/** A point's name and address parts by GET /geo/reverse; null when none is found. */
export async function describePoint(
  queryClient: QueryClient,
  point: { lat: number; lng: number },
): Promise<Described | null> {
  try {
    const found = await queryClient.fetchQuery(geoQueries.address(point));
    return {
      name: found.displayName.slice(0, QUEST_LIMITS.placeName),
      fill: {
        address: [found.address.road, found.address.suburb].filter(Boolean).join(', '),
        city: found.address.city,
        pincode: pincodeDigits(found.address.postcode ?? ''),
      },
    };
  } catch {
    return null;
  }
}
