import { useEffect } from 'react';

type LatLng = { lat: number; lng: number };

/** What the stand-in map was last given, and how many maps were created. */
export const map = {
  created: 0,
  onMapClick: undefined as ((point: LatLng) => void) | undefined,
  onViewChange: undefined as ((view: { center: LatLng; zoom: number }) => void) | undefined,
};

// MapLibre needs WebGL, which jsdom lacks: the map stands in as its numbered stops and its view. It keeps the
// handlers the editor gives it, so a test can click it or move it as a person would, and counts the maps created.
// Test files swap it in: vi.mock('@cityquest/shared-ui/map', () => import('./fake-quest-map.fixtures.tsx')).
export default function FakeQuestMap({
  ariaLabel,
  waypoints = [],
  zoom,
  center,
  onMapClick,
  onViewChange,
}: {
  ariaLabel: string;
  waypoints?: { name?: string }[];
  zoom: number;
  center: LatLng;
  onMapClick?: (point: LatLng) => void;
  onViewChange?: (view: { center: LatLng; zoom: number }) => void;
}) {
  map.onMapClick = onMapClick;
  map.onViewChange = onViewChange;
  useEffect(() => {
    map.created += 1;
  }, []);
  return (
    <ol aria-label={ariaLabel} data-zoom={zoom} data-center={`${center.lat},${center.lng}`}>
      {waypoints.map((point, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stand-in list
        <li key={index}>{point.name}</li>
      ))}
    </ol>
  );
}
