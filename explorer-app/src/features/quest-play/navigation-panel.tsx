import { Section } from '@cityquest/shared-ui';
import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceMeters, locationMessageKey } from '../../lib/geolocation.ts';
import { formatDistance, formatDuration } from './format-route.ts';
import type { Directions, RouteStop } from './quest-play-api.ts';
import type { useLiveTracking } from './use-live-tracking.ts';

type Tracking = ReturnType<typeof useLiveTracking>;
type Leg = Directions['legs'][number];

/** Each stop with the walking leg that leads to it (legs join consecutive stops that have coordinates). */
function withLegs(stops: readonly RouteStop[], directions: Directions | null) {
  let located = -1;
  return stops.map((stop) => {
    if (stop.point) located += 1;
    const leg = stop.point && located > 0 ? directions?.legs[located - 1] : undefined;
    return { stop, leg };
  });
}

function nearestStop(stops: readonly RouteStop[], position: { lat: number; lng: number }) {
  let best: { stop: RouteStop; meters: number } | null = null;
  for (const stop of stops) {
    if (!stop.point) continue;
    const meters = distanceMeters(position, stop.point);
    if (!best || meters < best.meters) best = { stop, meters };
  }
  return best;
}

function TrackingControls({
  stops,
  tracking,
  sharing,
}: {
  stops: readonly RouteStop[];
  tracking: Tracking;
  sharing: boolean;
}) {
  const { t, i18n } = useTranslation('play');
  const { t: tc } = useTranslation();
  const { tracking: on, fix, problem, start, stop } = tracking;
  const nearest = fix ? nearestStop(stops, fix) : null;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {on ? (
          <Button
            size="md"
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={18} aria-hidden="true" />}
            onClick={stop}
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('navigation.stopTracking')}
          </Button>
        ) : (
          <Button
            size="md"
            leftSection={<IconCurrentLocation size={18} aria-hidden="true" />}
            onClick={start}
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('navigation.startTracking')}
          </Button>
        )}
        {on && (
          <Badge color="teal" variant="dot" size="lg">
            {t('navigation.live')}
          </Badge>
        )}
      </Group>
      <div role="status" aria-live="polite">
        {on && !fix && (
          <Text size="sm" c="dimmed">
            {t('navigation.waiting')}
          </Text>
        )}
        {on && fix && (
          <Stack gap={2}>
            <Text size="sm">{t('navigation.accuracy', { meters: Math.round(fix.accuracy) })}</Text>
            {nearest && (
              <Text size="sm" c="dimmed">
                {t('navigation.nearest', {
                  name: nearest.stop.name || t('navigation.unnamed'),
                  distance: formatDistance(nearest.meters, i18n.language),
                })}
              </Text>
            )}
          </Stack>
        )}
      </div>
      {sharing && (
        <Text size="xs" c="dimmed">
          {t('navigation.sharedWithModerators')}
        </Text>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert" title={tc('location.trackingFailed')}>
          {tc(
            problem === 'unsupported'
              ? 'location.map.unsupported'
              : locationMessageKey(problem, 'positioning'),
          )}
        </Alert>
      )}
    </Stack>
  );
}

function StopLabel({ stop }: { stop: RouteStop }) {
  const { t } = useTranslation('play');
  if (stop.kind === 'start') return <>{t('navigation.start')}</>;
  if (stop.kind === 'finish') return <>{t('navigation.finish')}</>;
  return <>{t('navigation.stop', { number: stop.number })}</>;
}

function LegSteps({ leg }: { leg: Leg }) {
  const steps = leg.steps ?? [];
  if (steps.length === 0) return null;
  return (
    <List size="xs" c="dimmed" mt={4} withPadding>
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id and never reorder
        <List.Item key={index}>{step.instruction}</List.Item>
      ))}
    </List>
  );
}

/**
 * Navigation (docs/product-rules/explorer-screens.md#quest-in-progress): live tracking and the directions
 * list, START, numbered STOPs and FINISH, with the walking distance and time of each leg when the server
 * found a route.
 */
export function NavigationPanel({
  stops,
  directions,
  tracking,
  sharing,
}: {
  stops: readonly RouteStop[];
  directions: Directions | null;
  tracking: Tracking;
  /** The position is being shared with moderators (useShareLivePosition). */
  sharing: boolean;
}) {
  const { t, i18n } = useTranslation('play');
  const [showSteps, setShowSteps] = useState(false);
  const entries = withLegs(stops, directions);
  const hasSteps = directions?.legs.some((leg) => (leg.steps ?? []).length > 0) ?? false;
  return (
    <Section id="navigation-title" title={t('navigation.title')}>
      <Stack gap="md">
        <TrackingControls stops={stops} tracking={tracking} sharing={sharing} />
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('navigation.directions')}
          </Title>
          {directions && (
            <Text size="sm" c="dimmed">
              {t('navigation.total', {
                distance: formatDistance(directions.distanceMeters, i18n.language),
                duration: formatDuration(directions.durationSeconds, i18n.language),
              })}
            </Text>
          )}
          {stops.length === 0 ? (
            <Text c="dimmed">{t('navigation.noRoute')}</Text>
          ) : (
            <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {entries.map(({ stop, leg }) => (
                <li key={`${stop.kind}-${stop.number}`}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge
                      variant={stop.kind === 'stop' ? 'light' : 'filled'}
                      color={stop.kind === 'finish' ? 'teal' : undefined}
                      miw={64}
                      style={{ flexShrink: 0 }}
                    >
                      <StopLabel stop={stop} />
                    </Badge>
                    <div>
                      <Text size="sm">{stop.name || t('navigation.unnamed')}</Text>
                      {leg && (
                        <Text size="xs" c="dimmed">
                          {t('navigation.leg', {
                            distance: formatDistance(leg.distanceMeters, i18n.language),
                            duration: formatDuration(leg.durationSeconds, i18n.language),
                          })}
                        </Text>
                      )}
                      {leg && showSteps && <LegSteps leg={leg} />}
                    </div>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
          {hasSteps && (
            <Button
              variant="subtle"
              size="sm"
              onClick={() => setShowSteps((value) => !value)}
              aria-expanded={showSteps}
              style={{ alignSelf: 'flex-start' }}
            >
              {showSteps ? t('navigation.hideSteps') : t('navigation.showSteps')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Section>
  );
}
