import { LazyQuestMap, type MapPoint, Section } from '@cityquest/shared-ui';
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config.ts';
import { DEFAULT_CENTER } from '../../lib/geolocation.ts';
import { itineraryView } from './itinerary-view.ts';
import type { Directions } from './quest-play-api.ts';

/**
 * The route map: numbered stops, the walking route (straight lines without one) and the user's position, all
 * in the frame.
 */
export function QuestPlayMap({
  title,
  stops,
  directions,
  position,
  fallbackCentre,
}: {
  title: string;
  stops: readonly MapPoint[];
  directions: Directions | null;
  position: { lat: number; lng: number } | null;
  fallbackCentre: { lat: number; lng: number } | null;
}) {
  const { t } = useTranslation('play');
  const waypoints = useMemo(() => [...stops], [stops]);
  const route = useMemo<[number, number][] | undefined>(() => {
    const drawn = directions?.geometry.coordinates.flatMap(([lng, lat]) =>
      lng !== undefined && lat !== undefined ? [[lng, lat] as [number, number]] : [],
    );
    if (drawn && drawn.length > 1) return drawn;
    return stops.length > 1 ? stops.map((point) => [point.lng, point.lat]) : undefined;
  }, [directions, stops]);
  const view = itineraryView(stops, position, fallbackCentre ?? DEFAULT_CENTER);
  return (
    <Section id="map-title" title={t('map.title')}>
      <Stack gap="xs">
        <LazyQuestMap
          ariaLabel={t('map.label', { title })}
          styleUrl={getConfig().mapStyleUrl}
          center={view.center}
          zoom={view.zoom}
          bounds={view.bounds}
          waypoints={waypoints}
          route={route}
          userPosition={position}
        />
        <Text size="xs" c="dimmed">
          {position ? t('map.legendTracking') : t('map.legend')}
        </Text>
      </Stack>
    </Section>
  );
}
