import { QUEST_LIMITS } from '@cityquest/contract';
import { LazyQuestMap, type MapPoint } from '@cityquest/shared-ui';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconCurrentLocation, IconFocus2, IconMapPinPlus, IconTrash } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config.ts';
import { geoQueries } from '../../lib/geo-api.ts';
import { CACHE_TTL, currentLocation, DEFAULT_CENTER, locationMessageKey } from '../../lib/geolocation.ts';
import type { GeoPlace } from './create-quest-api.ts';
import { PlaceSearch } from './place-search.tsx';
import { checkManualWaypoint, digitsOnly, type PlaceValue, type WaypointValue } from './quest-form-values.ts';

/** Map zooms of docs/product-rules/maps-and-location.md#map-zooms. */
export const ZOOM = { form: 13, located: 16, routeEnd: 15, waypoint: 16, centredWaypoint: 18 } as const;

type View = { center: { lat: number; lng: number }; zoom: number };

const located = (place: PlaceValue | null): MapPoint | null =>
  place && place.lat !== null && place.lng !== null
    ? { lat: place.lat, lng: place.lng, name: place.name }
    : null;

const coordinatesText = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

const fromPlace = (place: GeoPlace): PlaceValue => ({
  name: place.name,
  lat: place.lat,
  lng: place.lng,
  ...(place.address ? { address: place.address } : {}),
});

/** What the route part asks of the form; `fill` sets address, city and pincode only where still empty. */
export type RouteEdit =
  | { type: 'set'; field: 'startLocation' | 'endLocation'; place: PlaceValue | null }
  | { type: 'addWaypoint'; waypoint: WaypointValue }
  | { type: 'removeWaypoint'; index: number }
  | { type: 'fill'; address?: string; city?: string; pincode?: string };

type Described = { name: string; fill: { address?: string; city?: string; pincode?: string } };

/** A point's name and address parts by GET /geo/reverse; null when none is found. */
async function describePoint(
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
        pincode: digitsOnly(found.address.postcode ?? ''),
      },
    };
  } catch {
    return null;
  }
}

type Choice = 'startLocation' | 'endLocation' | 'waypoint';
/** A point clicked on the map; `name` is undefined while its address is looked up, '' when none was found. */
type Clicked = {
  lat: number;
  lng: number;
  described: Promise<Described | null>;
  name?: string;
  choosing?: Choice;
};

type Props = {
  startLocation: PlaceValue | null;
  endLocation: PlaceValue | null;
  waypoints: WaypointValue[];
  startError?: ReactNode;
  endError?: ReactNode;
  onEdit: (edit: RouteEdit) => void;
};

/**
 * Start, end and waypoints: place search, the device location, manual coordinates and the map. Memoised: the
 * map and the searches need not render again on every keystroke elsewhere in the form.
 */
export const QuestRouteEditor = memo(function QuestRouteEditor({
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
  const [manual, setManual] = useState({ lat: '', lng: '', name: '' });
  const [manualProblem, setManualProblem] = useState<string | null>(null);
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

  const addManualWaypoint = () => {
    const check = checkManualWaypoint(manual.lat, manual.lng);
    if (!check.ok) {
      setManualProblem(t(`manual.${check.problem}`));
      return;
    }
    setManualProblem(null);
    if (addWaypoint({ lat: check.lat, lng: check.lng, name: manual.name.trim() })) {
      setManual({ lat: '', lng: '', name: '' });
    }
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
      <Paper
        ref={pickPanel}
        tabIndex={-1}
        withBorder
        radius="md"
        p="sm"
        component="section"
        aria-label={t('route.pickTitle')}
      >
        {clicked ? (
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {t('route.pickTitle')}
                </Text>
                {clicked.name === undefined ? (
                  <Text size="sm" c="dimmed">
                    {t('route.pickLooking')}
                  </Text>
                ) : (
                  clicked.name && <Text size="sm">{clicked.name}</Text>
                )}
                <Text size="xs" c="dimmed">
                  {coordinatesText(clicked.lat, clicked.lng)}
                </Text>
              </div>
              <CloseButton aria-label={t('route.pickDismiss')} onClick={() => setClicked(null)} />
            </Group>
            <Group gap="xs">
              {(
                [
                  ['startLocation', t('route.setAsStart')],
                  ['endLocation', t('route.setAsEnd')],
                  ['waypoint', t('route.addAsWaypoint')],
                ] as const
              ).map(([choice, label]) => (
                <Button
                  key={choice}
                  size="compact-sm"
                  variant="light"
                  loading={clicked.choosing === choice}
                  disabled={clicked.choosing !== undefined && clicked.choosing !== choice}
                  onClick={() => void onChoose(clicked, choice)}
                >
                  {label}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('route.pickHint')}
          </Text>
        )}
        <Text size="sm" fw={600} role="status" mt={picked ? 4 : 0}>
          {picked}
        </Text>
      </Paper>
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

      <Paper withBorder radius="md" p="md" component="fieldset" m={0}>
        <Text component="legend" fw={600} size="sm" px={4}>
          {t('manual.title')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {(['lat', 'lng', 'name'] as const).map((key) => (
            <TextInput
              key={key}
              label={t(`manual.${key}`)}
              placeholder={t(`manual.${key}Placeholder`)}
              inputMode={key === 'name' ? 'text' : 'decimal'}
              maxLength={key === 'name' ? QUEST_LIMITS.placeName : 20}
              value={manual[key]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setManual((current) => ({ ...current, [key]: value }));
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                // Enter adds the waypoint here instead of submitting the whole quest.
                event.preventDefault();
                addManualWaypoint();
              }}
            />
          ))}
        </SimpleGrid>
        {manualProblem && (
          <Text size="sm" c="red" role="alert" mt="xs">
            {manualProblem}
          </Text>
        )}
        <Group mt="sm">
          <Button
            variant="light"
            leftSection={<IconMapPinPlus size={16} aria-hidden="true" />}
            onClick={addManualWaypoint}
          >
            {t('manual.add')}
          </Button>
        </Group>
      </Paper>

      <Stack gap="xs" component="section" aria-labelledby="waypoints-title">
        <Title order={3} size="h6" id="waypoints-title">
          {t('route.waypoints', { count: waypoints.length, max: QUEST_LIMITS.waypoints })}
        </Title>
        {waypoints.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('route.noWaypoints')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {waypoints.map((point, index) => (
              <Paper component="li" key={point.id} withBorder radius="md" p="xs">
                <Group wrap="nowrap" gap="sm">
                  <Badge circle size="lg" aria-hidden="true">
                    {index + 1}
                  </Badge>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      <VisuallyHidden>{t('route.waypointNumber', { number: index + 1 })} </VisuallyHidden>
                      {point.name || t('route.customLocation')}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {point.address
                        ? `${point.address} · ${coordinatesText(point.lat, point.lng)}`
                        : coordinatesText(point.lat, point.lng)}
                    </Text>
                  </div>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('route.showWaypoint', { number: index + 1 })}
                    onClick={() => focus(point, ZOOM.centredWaypoint)}
                  >
                    <IconFocus2 size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('route.removeWaypoint', { number: index + 1 })}
                    onClick={() => {
                      onEdit({ type: 'removeWaypoint', index });
                      setWaypointProblem(null);
                    }}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
});
