import type { MapQuest } from '@cityquest/shared-ui';
import { EmptyState, LazyQuestMap } from '@cityquest/shared-ui';
import { Alert, Anchor, Box, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../lib/auth-api.ts';
import { getConfig } from '../../lib/config.ts';
import {
  CACHE_TTL,
  currentLocation,
  type Located,
  type LocationProblem,
  locationMessageKey,
} from '../../lib/geolocation.ts';
import { VisitorCallout } from '../../lib/quests/visitor-prompt.tsx';
import { type ExploreFilters, exploreQueries } from './explore-api.ts';
import { ExploreQuestList } from './explore-quest-list.tsx';
import { useBackgroundRender } from './use-background-render.ts';

const EXPLORE_ZOOM = 14;
const LOCATED_ZOOM = 12;
// One empty list while loading: the background render compares the map's quests by identity.
const NONE: never[] = [];

function QuestsNearYou() {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = useQuery(exploreQueries.map());
  // A failed answer being retried shows the skeleton again; a background refresh keeps the map.
  const failed = isFetching ? null : error;
  const { shown: quests, pending: loading } = useBackgroundRender(data?.quests ?? NONE, !data && !failed);
  const total = data?.pagination.totalQuests ?? 0;
  const [position, setPosition] = useState<Located | null>(null);
  const [problem, setProblem] = useState<LocationProblem | null>(null);

  useEffect(() => {
    let active = true;
    void currentLocation({ maxAgeMs: CACHE_TTL.explore }).then((result) => {
      if (!active) return;
      setPosition(result.location);
      setProblem(result.problem);
    });
    return () => {
      active = false;
    };
  }, []);

  const mapQuests = useMemo<MapQuest[]>(
    () =>
      quests.flatMap((quest) =>
        quest.location
          ? [{ id: quest._id, title: quest.title, difficulty: quest.difficulty, ...quest.location }]
          : [],
      ),
    [quests],
  );
  // Without a device fix, centre on the quests themselves rather than an arbitrary default.
  const first = mapQuests[0];
  const center =
    position && position.source !== 'default'
      ? position
      : first
        ? { lat: first.lat, lng: first.lng }
        : position;

  return (
    <Stack gap="sm" component="section" aria-labelledby="quests-near-you">
      {/* The count sits on a line of its own, kept while loading: beside the heading it wraps below it on a phone
          once the number arrives, and would push the map down (a layout shift). */}
      <Stack gap={0}>
        <Title order={2} id="quests-near-you">
          {t('explore.nearYou')}
        </Title>
        {!failed && (
          <Text c="dimmed" style={loading ? { visibility: 'hidden' } : undefined}>
            {t('explore.questsFound', { count: total })}
          </Text>
        )}
      </Stack>
      {/* The location notice sits over the map's foot: it arrives after the map, and above it, it would push
          the map and the list down (a layout shift). Without a map there is nothing for it to explain. */}
      <Box pos="relative">
        {failed ? (
          <EmptyState
            tone="error"
            title={t('explore.loadFailed')}
            description={failed.message}
            action={<Button onClick={() => void refetch()}>{t('explore.tryAgain')}</Button>}
          />
        ) : loading || !center ? (
          <Skeleton h="20rem" radius="md" aria-label={t('common.loading')} />
        ) : (
          <LazyQuestMap
            ariaLabel={t('explore.mapLabel')}
            styleUrl={getConfig().mapStyleUrl}
            center={center}
            zoom={position?.source === 'gps' || position?.source === 'cache' ? EXPLORE_ZOOM : LOCATED_ZOOM}
            quests={mapQuests}
            userPosition={position && position.source !== 'default' ? position : null}
            renderQuestPopup={(quest) => (
              <Stack gap={4}>
                <Text fw={700} size="sm">
                  {quest.title}
                </Text>
                <Text size="xs" c="dimmed">
                  ~30min
                </Text>
                <Anchor
                  size="sm"
                  renderRoot={(props) => (
                    <Link {...props} to="/quest-overview/$questId" params={{ questId: quest.id }} />
                  )}
                >
                  {t('explore.viewQuest')}
                </Anchor>
              </Stack>
            )}
          />
        )}
        {problem && !failed && (
          <Alert
            color="yellow"
            variant="default"
            role="status"
            pos="absolute"
            bottom="var(--mantine-spacing-xs)"
            left="var(--mantine-spacing-xs)"
            right="var(--mantine-spacing-xs)"
            style={{ zIndex: 2 }}
          >
            {t(locationMessageKey(problem, 'map'))}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}

/**
 * `filters` are the list's, kept in the URL by the route so Back, a refresh or a shared link shows the same list.
 * Visitors get the same catalogue under a sign-up message (docs/product-rules/quests.md#visitors).
 */
export function ExplorePage({
  filters,
  onFiltersChange,
}: {
  filters: ExploreFilters;
  onFiltersChange: (change: Partial<ExploreFilters>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const isAuthenticated = useSignedIn();
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('explore.title')}</Title>
          <Text c="dimmed">{t('explore.subtitle')}</Text>
        </Stack>
        {!isAuthenticated && <VisitorCallout page="explore" />}
        <QuestsNearYou />
        <ExploreQuestList filters={filters} onFiltersChange={onFiltersChange} />
      </Stack>
    </Container>
  );
}
