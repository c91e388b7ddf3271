import { QUEST_LIMITS } from '@cityquest/contract';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFocus2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { coordinatesText } from './itinerary-points.ts';
import type { WaypointValue } from './quest-form-values.ts';

type Props = {
  waypoints: WaypointValue[];
  /** Centres the map on the waypoint. */
  onShow: (point: WaypointValue) => void;
  onRemove: (index: number) => void;
};

/** The route's waypoints in order, each with its address or coordinates, to show on the map or remove. */
export function WaypointList({ waypoints, onShow, onRemove }: Props) {
  const { t } = useTranslation('create');
  return (
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
                  onClick={() => onShow(point)}
                >
                  <IconFocus2 size={18} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('route.removeWaypoint', { number: index + 1 })}
                  onClick={() => onRemove(index)}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
