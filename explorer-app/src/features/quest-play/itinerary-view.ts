import type { MapBounds, MapPoint } from '@cityquest/shared-ui';

/** The progress map's zoom, its closest (docs/product-rules/maps-and-location.md#map-zooms). */
export const PLAY_ZOOM = 15;

type LatLng = { lat: number; lng: number };
export type ItineraryView = { center: LatLng; zoom: number; bounds: MapBounds | null };

/**
 * Where the progress map looks: at zoom 15 on the start, framing the box around the start, the stops, the end
 * and the explorer's position, so that the map zooms out when they do not all fit at 15. One point needs no
 * box.
 */
export function itineraryView(
  stops: readonly MapPoint[],
  position: LatLng | null,
  fallbackCentre: LatLng,
): ItineraryView {
  const points: LatLng[] = position ? [...stops, position] : [...stops];
  const center = stops[0] ?? fallbackCentre;
  if (points.length < 2) return { center, zoom: PLAY_ZOOM, bounds: null };
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return {
    center,
    zoom: PLAY_ZOOM,
    bounds: [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
  };
}
