import type { StyleSpecification } from 'maplibre-gl';

/**
 * The offline style: a plain background, no tiles, glyphs or sprites. Quests, routes and waypoints are
 * GeoJSON layers, so the map stays useful without a tile service (tests, outages, MAP_STYLE_URL=offline).
 */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  name: 'CityQuest offline',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9f3ee' } }],
};

/** The free OpenStreetMap vector style used when MAP_STYLE_URL is not set. */
export const DEFAULT_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

export function resolveMapStyle(styleUrl: string | null | undefined): string | StyleSpecification {
  if (styleUrl === 'offline') return OFFLINE_STYLE;
  return styleUrl || DEFAULT_STYLE_URL;
}
