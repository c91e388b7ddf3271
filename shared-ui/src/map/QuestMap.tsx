import 'maplibre-gl/dist/maplibre-gl.css';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import MapGL, {
  Layer,
  type LayerProps,
  type MapRef,
  Marker,
  NavigationControl,
  Popup,
  Source,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import { difficultyHex } from '../difficulty.ts';
import { OFFLINE_STYLE, resolveMapStyle } from './map-style.ts';
import classes from './QuestMap.module.css';

export type MapQuest = {
  id: string;
  title: string;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  lat: number;
  lng: number;
};
export type MapPoint = { lat: number; lng: number; name?: string };
export type MapView = { center: { lat: number; lng: number }; zoom: number };
/** A box of the map as [[west, south], [east, north]]. */
export type MapBounds = [[number, number], [number, number]];

export type QuestMapProps = {
  /** MAP_STYLE_URL from the runtime config; 'offline' or a failing style falls back to the offline style. */
  styleUrl?: string | null;
  /** The view: when it changes after the map appears, the same map flies there (jumps under reduced motion). */
  center: { lat: number; lng: number };
  zoom: number;
  /**
   * A box the view must show: the map frames it with some padding, zooming out from `zoom` (then the closest
   * zoom) when it does not fit, and frames it again when a later box reaches outside the last one framed.
   */
  bounds?: MapBounds | null;
  /**
   * Where the person moved the map. A caller that keeps its view in step can send the map back to a view it
   * asked for before, which an unchanged center and zoom would not do.
   */
  onViewChange?: (view: MapView) => void;
  /** A click on the map outside quest markers (not a double click, which zooms); the cursor becomes a crosshair. */
  onMapClick?: (point: { lat: number; lng: number }) => void;
  height?: string;
  /** Drawn as clustered GeoJSON layers (never one DOM node per quest). */
  quests?: MapQuest[];
  /** Numbered route stops. */
  waypoints?: MapPoint[];
  /** A walking route as [lng, lat] pairs. */
  route?: [number, number][];
  userPosition?: { lat: number; lng: number } | null;
  /** The info window of a quest marker; shared-ui knows no router, so the app renders its link. */
  renderQuestPopup?: (quest: MapQuest) => ReactNode;
  ariaLabel: string;
};

const SOURCE_ID = 'quests';
const clusterLayer: LayerProps = {
  id: 'quest-clusters',
  type: 'circle',
  source: SOURCE_ID,
  filter: ['has', 'point_count'],
  paint: {
    'circle-color': '#0b7285',
    'circle-opacity': 0.85,
    'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24, 1000, 32],
    'circle-stroke-width': 3,
    'circle-stroke-color': '#ffffff',
  },
};
const questLayer: LayerProps = {
  id: 'quest-points',
  type: 'circle',
  source: SOURCE_ID,
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-color': [
      'match',
      ['get', 'difficulty'],
      'Easy',
      difficultyHex('Easy'),
      'Medium',
      difficultyHex('Medium'),
      'Hard',
      difficultyHex('Hard'),
      '#1c7ed6',
    ],
    'circle-radius': 8,
    'circle-stroke-width': 2,
    'circle-stroke-color': '#ffffff',
  },
};
const routeLayer: LayerProps = {
  id: 'walking-route',
  type: 'line',
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: { 'line-color': '#1c7ed6', 'line-width': 5, 'line-opacity': 0.85 },
};
const userLayer: LayerProps = {
  id: 'user-position',
  type: 'circle',
  paint: {
    'circle-color': '#1971c2',
    'circle-radius': 7,
    'circle-stroke-width': 3,
    'circle-stroke-color': '#ffffff',
  },
};

/**
 * A double click zooms the map; its two clicks must not also pick two points. A click on an empty spot counts
 * once this long has passed without another, which is within the double-click interval people use.
 */
export const DOUBLE_CLICK_MS = 300;

/** Room around a framed box, in pixels, so that markers on its edge show whole. */
const FIT_PADDING = 48;

const contains = (outer: MapBounds, inner: MapBounds) =>
  inner[0][0] >= outer[0][0] &&
  inner[0][1] >= outer[0][1] &&
  inner[1][0] <= outer[1][0] &&
  inner[1][1] <= outer[1][1];

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The one MapLibre map of both SPAs; import it lazily so maplibre-gl stays out of entry chunks. */
export default function QuestMap({
  styleUrl,
  center,
  zoom,
  bounds,
  height = '20rem',
  quests = [],
  waypoints = [],
  route,
  userPosition,
  renderQuestPopup,
  ariaLabel,
  onViewChange,
  onMapClick,
}: QuestMapProps) {
  // State rather than a plain ref: the map is created asynchronously, and a view asked for meanwhile waits for it.
  const [map, setMap] = useState<MapRef | null>(null);
  const [style, setStyle] = useState(() => resolveMapStyle(styleUrl));
  const [selected, setSelected] = useState<MapQuest | null>(null);
  const [renderedFeatures, setRenderedFeatures] = useState(0);
  const [routeDrawn, setRouteDrawn] = useState(false);
  const mounted = useRef(false);
  const pendingClick = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A click counts only once the double-click interval has passed; by then the caller may hold a newer handler.
  const latestOnMapClick = useRef(onMapClick);
  useLayoutEffect(() => {
    latestOnMapClick.current = onMapClick;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(pendingClick.current);
    };
  }, []);
  const byId = useMemo(() => new Map(quests.map((quest) => [quest.id, quest])), [quests]);
  const questData = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: quests.map((quest) => ({
        type: 'Feature' as const,
        properties: { id: quest.id, difficulty: quest.difficulty },
        geometry: { type: 'Point' as const, coordinates: [quest.lng, quest.lat] },
      })),
    }),
    [quests],
  );

  // The view the map was last sent to or moved to by the person; it starts as the initial view. Compared by
  // value, as callers may pass a new center object on every render.
  const shown = useRef<MapView>({ center: { lat: center.lat, lng: center.lng }, zoom });
  useEffect(() => {
    const last = shown.current;
    if (!map || (last.center.lat === center.lat && last.center.lng === center.lng && last.zoom === zoom)) {
      return;
    }
    shown.current = { center: { lat: center.lat, lng: center.lng }, zoom };
    const camera = { center: [center.lng, center.lat] as [number, number], zoom };
    if (prefersReducedMotion()) map.jumpTo(camera);
    else map.flyTo(camera);
  }, [map, center.lat, center.lng, zoom]);

  // The box framed last; the map frames the first one as it is created.
  const framed = useRef(bounds ?? null);
  useEffect(() => {
    if (!map || !bounds || (framed.current && contains(framed.current, bounds))) return;
    framed.current = bounds;
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: zoom, animate: !prefersReducedMotion() });
  }, [map, bounds, zoom]);

  const onMoveEnd = useCallback(
    (event: ViewStateChangeEvent) => {
      // Only the person's own moves: a move this component started ends where shown already says.
      if (!event.originalEvent) return;
      const centre = event.target.getCenter();
      const view = { center: { lat: centre.lat, lng: centre.lng }, zoom: event.target.getZoom() };
      shown.current = view;
      onViewChange?.(view);
    },
    [onViewChange],
  );

  const onClick = useCallback(
    async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature) {
        if (!latestOnMapClick.current) return;
        if (pendingClick.current !== undefined) {
          // The second click of a double click: MapLibre zooms, and neither click picks a point.
          clearTimeout(pendingClick.current);
          pendingClick.current = undefined;
          return;
        }
        const point = { lat: event.lngLat.lat, lng: event.lngLat.lng };
        pendingClick.current = setTimeout(() => {
          pendingClick.current = undefined;
          latestOnMapClick.current?.(point);
        }, DOUBLE_CLICK_MS);
        return;
      }
      if (!map) return;
      if (feature.layer.id === 'quest-clusters') {
        const source = map.getSource(SOURCE_ID) as GeoJSONSource | undefined;
        const zoomTo = await source?.getClusterExpansionZoom(Number(feature.properties?.cluster_id));
        const [lng, lat] = (feature.geometry as { coordinates: [number, number] }).coordinates;
        // Carries the click so that the move counts as the person's own (onMoveEnd).
        map.easeTo(
          { center: [lng, lat], zoom: zoomTo ?? map.getZoom() + 2 },
          { originalEvent: event.originalEvent },
        );
        return;
      }
      setSelected(byId.get(String(feature.properties?.id)) ?? null);
    },
    [byId, map],
  );

  return (
    <section
      className={classes.frame}
      style={{ height }}
      aria-label={ariaLabel}
      // What the GPU drew (clusters and single quests), observable by end-to-end tests.
      data-rendered-quest-features={renderedFeatures}
      data-route-drawn={routeDrawn}
    >
      <MapGL
        ref={setMap}
        workerUrl={workerUrl}
        mapStyle={style}
        initialViewState={{
          latitude: center.lat,
          longitude: center.lng,
          zoom,
          ...(bounds ? { bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: zoom } } : {}),
        }}
        style={{ width: '100%', height: '100%' }}
        interactiveLayerIds={['quest-clusters', 'quest-points']}
        onClick={onClick}
        onMoveEnd={onMoveEnd}
        onIdle={(event) => {
          const map = event.target;
          // In a task of its own: the query is not cheap, and the map's own frame is long enough already.
          setTimeout(() => {
            if (!mounted.current) return;
            setRenderedFeatures(
              map.queryRenderedFeatures({ layers: ['quest-clusters', 'quest-points'] }).length,
            );
            setRouteDrawn(
              Boolean(map.getLayer('walking-route')) &&
                map.queryRenderedFeatures({ layers: ['walking-route'] }).length > 0,
            );
          }, 0);
        }}
        onError={() => {
          // A tile service that cannot be reached leaves the offline style, which still shows every layer.
          if (style !== OFFLINE_STYLE) setStyle(OFFLINE_STYLE);
        }}
        cursor={onMapClick ? 'crosshair' : 'pointer'}
        attributionControl={{ compact: true }}
        // Our layers are fixed and checked in development; a built app skips re-validating every style and layer
        // on a phone (MapLibre's advice for production).
        validateStyle={import.meta.env.DEV}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {route && route.length > 1 && (
          <Source
            id="route"
            type="geojson"
            data={{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: route } }}
          >
            <Layer {...routeLayer} />
          </Source>
        )}
        <Source id={SOURCE_ID} type="geojson" data={questData} cluster clusterRadius={48} clusterMaxZoom={15}>
          <Layer {...clusterLayer} />
          <Layer {...questLayer} />
        </Source>
        {userPosition && (
          <Source
            id="user"
            type="geojson"
            data={{
              type: 'Feature',
              properties: {},
              geometry: { type: 'Point', coordinates: [userPosition.lng, userPosition.lat] },
            }}
          >
            <Layer {...userLayer} />
          </Source>
        )}
        {waypoints.map((point, index) => (
          <Marker
            key={`${point.lat}:${point.lng}:${point.name ?? ''}`}
            latitude={point.lat}
            longitude={point.lng}
            anchor="bottom"
          >
            <span className={classes.waypoint} title={point.name}>
              <span>{index + 1}</span>
            </span>
          </Marker>
        ))}
        {selected && renderQuestPopup && (
          <Popup
            latitude={selected.lat}
            longitude={selected.lng}
            anchor="bottom"
            offset={12}
            onClose={() => setSelected(null)}
            closeOnClick={false}
          >
            {renderQuestPopup(selected)}
          </Popup>
        )}
      </MapGL>
    </section>
  );
}
