import type { Point } from '../../lib/distance.ts';
import type { ItineraryEnd } from './quest-input.ts';
import type { QuestRow } from './quest-repository.ts';

/* A quest's itinerary is its walking route: start, waypoints, end (the API names it a route). */

const pointOf = (lat: number | null, lng: number | null): Point | null =>
  lat === null || lng === null ? null : { lat, lng };

export const itineraryStart = (
  quest: Pick<QuestRow, 'startLocation' | 'startLat' | 'startLng'>,
): ItineraryEnd => ({
  name: quest.startLocation,
  point: pointOf(quest.startLat, quest.startLng),
});

export const itineraryEnd = (quest: Pick<QuestRow, 'endLocation' | 'endLat' | 'endLng'>): ItineraryEnd => ({
  name: quest.endLocation,
  point: pointOf(quest.endLat, quest.endLng),
});
