import type { Point } from '../../lib/distance.ts';
import type { RouteEnd } from './quest-input.ts';
import type { QuestRow } from './quest-repository.ts';

const pointOf = (lat: number | null, lng: number | null): Point | null =>
  lat === null || lng === null ? null : { lat, lng };

export const routeStart = (quest: Pick<QuestRow, 'startLocation' | 'startLat' | 'startLng'>): RouteEnd => ({
  name: quest.startLocation,
  point: pointOf(quest.startLat, quest.startLng),
});

export const routeEnd = (quest: Pick<QuestRow, 'endLocation' | 'endLat' | 'endLng'>): RouteEnd => ({
  name: quest.endLocation,
  point: pointOf(quest.endLat, quest.endLng),
});
