import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { coordinatesText, type Described } from './itinerary-points.ts';

export type Choice = 'startLocation' | 'endLocation' | 'waypoint';
/** A point clicked on the map; `name` is undefined while its address is looked up, '' when none was found. */
export type Clicked = {
  lat: number;
  lng: number;
  described: Promise<Described | null>;
  name?: string;
  choosing?: Choice;
};

type Props = {
  ref: Ref<HTMLElement>;
  clicked: Clicked | null;
  /** What the last choice did, said to screen readers. */
  picked: string | null;
  onDismiss: () => void;
  onChoose: (point: Clicked, choice: Choice) => void;
};

/** The point last clicked on the map, its address, and what it becomes: start, end or a waypoint. */
export function MapPickPanel({ ref, clicked, picked, onDismiss, onChoose }: Props) {
  const { t } = useTranslation('create');
  return (
    <Paper
      ref={ref}
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
            <CloseButton aria-label={t('route.pickDismiss')} onClick={onDismiss} />
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
                onClick={() => onChoose(clicked, choice)}
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
  );
}
