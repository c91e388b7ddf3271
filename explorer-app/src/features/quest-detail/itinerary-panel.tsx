import { LazyQuestMap, type MapPoint } from '@cityquest/shared-ui';
import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config.ts';
import { type Quest, routeEnd } from '../../lib/quests/quest-api.ts';

/** Where maps centre without coordinates (docs/product-rules/maps-and-location.md#default-centre). */
const CITY_CENTRE = { lat: 28.6139, lng: 77.209 };
const ROUTE_ZOOM = 15;

/** Route map with numbered stops, then the route's start, stops and finish as text. */
export function ItineraryPanel({ quest }: { quest: Quest }) {
  const { t } = useTranslation('quests');
  const route = quest.routes[0];
  const start = route && routeEnd(route, 'start');
  const end = route && routeEnd(route, 'end');
  const stops = useMemo<MapPoint[]>(() => {
    if (!route) return [];
    const points: (MapPoint | null)[] = [
      routeEnd(route, 'start').point,
      ...route.waypoints,
      routeEnd(route, 'end').point,
    ];
    return points.filter((point): point is MapPoint => point !== null);
  }, [route]);
  const centre = stops[0] ?? quest.location ?? CITY_CENTRE;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="route-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="route-title">
          {t('detail.route.title')}
        </Title>
        <LazyQuestMap
          ariaLabel={t('detail.route.mapLabel', { title: quest.title })}
          styleUrl={getConfig().mapStyleUrl}
          center={centre}
          zoom={ROUTE_ZOOM}
          waypoints={stops}
          route={stops.length > 1 ? stops.map((point) => [point.lng, point.lat]) : undefined}
        />
        <Title order={3} size="h5">
          {t('detail.route.details')}
        </Title>
        {route ? (
          <List type="ordered" spacing={4}>
            <List.Item>
              <Text span fw={600}>
                {t('detail.route.start')}
              </Text>{' '}
              {start?.name || t('locationNotSpecified')}
            </List.Item>
            {route.waypoints.map((point, index) => (
              <List.Item key={`${point.lat}:${point.lng}:${point.name}`}>
                <Text span fw={600}>
                  {t('detail.route.stop', { number: index + 1 })}
                </Text>{' '}
                {point.name}
                {point.address ? ` (${point.address})` : ''}
              </List.Item>
            ))}
            <List.Item>
              <Text span fw={600}>
                {t('detail.route.finish')}
              </Text>{' '}
              {end?.name || t('locationNotSpecified')}
            </List.Item>
          </List>
        ) : (
          <Text c="dimmed">{t('locationNotSpecified')}</Text>
        )}
      </Stack>
    </Card>
  );
}
