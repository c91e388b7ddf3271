import { QUEST_LIMITS } from '@cityquest/contract';
import { LazyQuestMap, type MapPoint } from '@cityquest/shared-ui';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config.ts';
import { CACHE_TTL, currentLocation, DEFAULT_CENTER, locationMessageKey } from '../../lib/geolocation.ts';
import type { GeoPlace } from './create-quest-api.ts';
import { coordinatesText, describePoint, fromPlace, located } from './itinerary-points.ts';
import { ManualWaypointFields } from './manual-waypoint-fields.tsx';
import { type Choice, type Clicked, MapPickPanel } from './map-pick-panel.tsx';
import { PlaceSearch } from './place-search.tsx';
import type { PlaceValue, WaypointValue } from './quest-form-values.ts';
import { WaypointList } from './waypoint-list.tsx';

/** Map zooms of docs/product-rules/maps-and-location.md#map-zooms. */
const ZOOM = { form: 13, located: 16, routeEnd: 15, waypoint: 16, centredWaypoint: 18 } as const;

type View = { center: { lat: number; lng: number }; zoom: number };

/** What the itinerary editor asks of the form; `fill` sets address, city and pincode only where still empty. */
export type ItineraryEdit =
  | { type: 'set'; field: 'startLocation' | 'endLocation'; place: PlaceValue | null }
  | { type: 'addWaypoint'; waypoint: WaypointValue }
  | { type: 'removeWaypoint'; index: number }
  | { type: 'fill'; address?: string; city?: string; pincode?: string };

type Props = {
  startLocation: PlaceValue | null;
  endLocation: PlaceValue | null;
  waypoints: WaypointValue[];
  startError?: ReactNode;
  endError?: ReactNode;
  onEdit: (edit: ItineraryEdit) => void;
};

/**
 * Start, end and waypoints: place search, the device location, manual coordinates and the map. Memoised: the
 * map and the searches need not render again on every keystroke elsewhere in the form.
 */
export const ItineraryEditor = memo(function ItineraryEditor({
  startLocation,
  endLocation,
  waypoints,
  startError,
  endError,
  onEdit,
}: Props) {
  const { t } = useTranslation('create');
  const { t: tApp } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>(() => ({
    center: located(startLocation) ?? DEFAULT_CENTER,
    zoom: ZOOM.form,
  }));
  const [userPosition, setUserPosition] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  const [waypointProblem, setWaypointProblem] = useState<string | null>(null);
  const [clicked, setClicked] = useState<Clicked | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const pickPanel = useRef<HTMLElement>(null);

  const focus = (point: { lat: number; lng: number }, zoom: number) =>
    setView({ center: { lat: point.lat, lng: point.lng }, zoom });

  const stops = useMemo(
    () =>
      [located(startLocation), ...waypoints, located(endLocation)].filter(
        (point): point is MapPoint => point !== null,
      ),
    [startLocation, endLocation, waypoints],
  );

  const setEnd = (field: 'startLocation' | 'endLocation') => (place: GeoPlace) => {
    onEdit({ type: 'set', field, place: fromPlace(place) });
    focus(place, ZOOM.routeEnd);
  };

  const roomForWaypoint = () => {
    if (waypoints.length < QUEST_LIMITS.waypoints) return true;
    setWaypointProblem(t('route.waypointsLimit', { max: QUEST_LIMITS.waypoints }));
    return false;
  };

  const addWaypoint = (point: Omit<WaypointValue, 'id'>) => {
    if (!roomForWaypoint()) return false;
    setWaypointProblem(null);
    onEdit({ type: 'addWaypoint', waypoint: { id: randomId(), ...point } });
    focus(point, ZOOM.waypoint);
    return true;
  };

  const locateMe = async () => {
    setLocating(true);
    setLocationProblem(null);
    const { location, problem } = await currentLocation({ maxAgeMs: CACHE_TTL.device });
    if (problem) {
      setLocationProblem(tApp(locationMessageKey(problem, 'positioning')));
      setLocating(false);
      return;
    }
    const point = { lat: location.lat, lng: location.lng };
    setUserPosition(point);
    focus(point, ZOOM.located);
    const found = await describePoint(queryClient, point);
    if (found) onEdit({ type: 'fill', ...found.fill });
    // Without an address the point still works; its coordinates stand in for the name.
    onEdit({
      type: 'set',
      field: 'startLocation',
      place: { ...point, name: found?.name || coordinatesText(point.lat, point.lng) },
    });
    setLocating(false);
  };

  const onMapClick = (point: { lat: number; lng: number }) => {
    const described = describePoint(queryClient, point);
    setPicked(null);
    setClicked({ lat: point.lat, lng: point.lng, described });
    void described.then((found) =>
      setClicked((current) =>
        current?.described === described ? { ...current, name: found?.name ?? '' } : current,
      ),
    );
  };

  const onChoose = async (point: Clicked, choice: Choice) => {
    if (choice === 'waypoint' && !roomForWaypoint()) return;
    const same = (current: Clicked | null) => current?.described === point.described;
    setClicked((current) => (current && same(current) ? { ...current, choosing: choice } : current));
    // A choice made before the address arrives waits for it rather than naming the point by its coordinates.
    const found = await point.described;
    const at = { lat: point.lat, lng: point.lng };
    let message: string;
    if (choice === 'waypoint') {
      addWaypoint({ ...at, name: found?.name ?? '' });
      message = t('route.pickedWaypoint', {
        number: waypoints.length + 1,
        name: found?.name || t('route.customLocation'),
      });
    } else {
      const name = found?.name || coordinatesText(at.lat, at.lng);
      if (choice === 'startLocation' && found) onEdit({ type: 'fill', ...found.fill });
      onEdit({ type: 'set', field: choice, place: { ...at, name } });
      focus(at, ZOOM.routeEnd);
      message = t(choice === 'startLocation' ? 'route.pickedStart' : 'route.pickedEnd', { name });
    }
    // The chosen button goes away with the point: keep keyboard focus beside the map.
    if (pickPanel.current?.contains(document.activeElement)) pickPanel.current.focus({ preventScroll: true });
    setClicked((current) => (same(current) ? null : current));
    setPicked(message);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('route.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6}>
          <PlaceSearch
            label={t('route.start')}
            mode="select"
            required
            value={startLocation}
            onPick={setEnd('startLocation')}
            onClear={() => onEdit({ type: 'set', field: 'startLocation', place: null })}
            error={startError}
          />
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconCurrentLocation size={16} aria-hidden="true" />}
              loading={locating}
              onClick={() => void locateMe()}
            >
              {t('route.useMyLocation')}
            </Button>
          </Group>
          {locationProblem && (
            <Text size="sm" c="red" role="alert">
              {locationProblem}
            </Text>
          )}
        </Stack>
        <PlaceSearch
          label={t('route.end')}
          mode="select"
          required
          value={endLocation}
          onPick={setEnd('endLocation')}
          onClear={() => onEdit({ type: 'set', field: 'endLocation', place: null })}
          error={endError}
        />
      </SimpleGrid>

      <LazyQuestMap
        ariaLabel={t('route.mapLabel')}
        styleUrl={getConfig().mapStyleUrl}
        center={view.center}
        zoom={view.zoom}
        onViewChange={setView}
        onMapClick={onMapClick}
        waypoints={stops}
        route={stops.length > 1 ? stops.map((point) => [point.lng, point.lat]) : undefined}
        userPosition={userPosition}
      />
      <MapPickPanel
        ref={pickPanel}
        clicked={clicked}
        picked={picked}
        onDismiss={() => setClicked(null)}
        onChoose={(point, choice) => void onChoose(point, choice)}
      />
      <Text size="xs" c="dimmed">
        {t('route.mapLegend')}
      </Text>

      <PlaceSearch
        label={t('route.addWaypoint')}
        description={t('route.addWaypointHint')}
        mode="add"
        onPick={(place) =>
          addWaypoint({
            lat: place.lat,
            lng: place.lng,
            name: place.name,
            ...(place.address ? { address: place.address } : {}),
          })
        }
      />
      {waypointProblem && (
        <Text size="sm" c="red" role="alert">
          {waypointProblem}
        </Text>
      )}

      <ManualWaypointFields onAdd={addWaypoint} />

      <WaypointList
        waypoints={waypoints}
        onShow={(point) => focus(point, ZOOM.centredWaypoint)}
        onRemove={(index) => {
          onEdit({ type: 'removeWaypoint', index });
          setWaypointProblem(null);
        }}
      />
    </Stack>
  );
});
