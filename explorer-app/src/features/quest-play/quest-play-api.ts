import type { Schema } from '@cityquest/contract';
import type { MapPoint } from '@cityquest/shared-ui';
import { unwrap } from '@cityquest/web-client';
import { onlineManager, type QueryClient, queryOptions, skipToken, useMutation } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { liveStatus } from '../../lib/live-status.ts';
import { type Quest, questQueries, routeEnd } from '../../lib/quests/quest-api.ts';

export type ProgressRecord = Schema<'ProgressRecord'>;
export type TaskProof = Schema<'TaskProof'>;
export type Directions = Schema<'GeoDirections'>;
export type Task = Quest['tasks'][number];
export type QuestPlay = { quest: Quest; progress: ProgressRecord };

const PROGRESS_POLL_MS = 60_000;

/** GET /geo/directions takes at most 23 stopovers between origin and destination. */
const MAX_STOPOVERS = 23;

const latLng = (point: { lat: number; lng: number }) => `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;

/** The directions asked for a walk through the stops in order, or null when there are too few or too many. */
function directionsQuery(stops: readonly MapPoint[]) {
  const origin = stops[0];
  const destination = stops.at(-1);
  if (!origin || !destination || stops.length < 2 || stops.length - 2 > MAX_STOPOVERS) return null;
  const middle = stops.slice(1, -1);
  return {
    origin: latLng(origin),
    destination: latLng(destination),
    waypoints: middle.length > 0 ? middle.map(latLng).join('|') : undefined,
  };
}

// Fallback messages: docs/product-rules/messages.md#explorer-app-fallbacks.
export const questPlayQueries = {
  /** The caller's progress on a quest; 404 when they have not started it. */
  progress: (questId: string) =>
    queryOptions({
      ...getQuery('/quest-progress/{questId}', { path: { questId } }),
      // Decisions arrive as live events; while the stream is down, the page asks every minute.
      refetchInterval: liveStatus.pollUnlessLive(PROGRESS_POLL_MS),
    }),
  /** The walking route through the stops; not asked for when there are too few or too many stops. */
  directions: (stops: readonly MapPoint[]) => {
    const query = directionsQuery(stops);
    const directions = getQuery('/geo/directions', { query: query ?? { origin: '', destination: '' } });
    return queryOptions({
      ...directions,
      queryFn: query ? directions.queryFn : skipToken,
      // A route between fixed points does not change while the page is open.
      staleTime: Number.POSITIVE_INFINITY,
    });
  },
};

export type LivePosition = Schema<'LivePositionRequest'>;

/**
 * PUT /quest-progress/{questId}/position: the latest live-tracking position, kept for the moderators who review
 * the explorer's proofs. 403 when the explorer does not share it, 404 when the quest is not in progress; the
 * error keeps the status (ApiError). Nothing cached changes.
 */
export function useRecordLivePosition(questId: string) {
  return useMutation({
    mutationFn: (position: LivePosition) =>
      unwrap(
        api().PUT('/quest-progress/{questId}/position', {
          params: { path: { questId } },
          body: position,
        }),
        'Failed to share live position',
      ),
  });
}

/**
 * A task can take a proof while it has none or its proof was rejected
 * (docs/product-rules/progress-and-xp.md#proofs).
 */
export const isOpen = (progress: ProgressRecord, task: Task) => {
  const proof = progress.taskProofs[String(task.order)];
  return !proof || proof.status === 'rejected';
};

export const openTasks = (quest: Quest, progress: ProgressRecord) =>
  progress.status === 'ongoing' ? quest.tasks.filter((task) => isOpen(progress, task)) : [];

export type RouteStop = {
  kind: 'start' | 'stop' | 'finish';
  number: number;
  name: string;
  point: MapPoint | null;
};

/**
 * START, the numbered STOPs and FINISH of the quest's route; `point` is null where the creator gave no
 * coordinates.
 */
export function routeStops(quest: Quest): RouteStop[] {
  const route = quest.routes[0];
  if (!route) return [];
  const start = routeEnd(route, 'start');
  const end = routeEnd(route, 'end');
  return [
    { kind: 'start', number: 0, ...start },
    ...route.waypoints.map((waypoint, index) => ({
      kind: 'stop' as const,
      number: index + 1,
      name: waypoint.address ? `${waypoint.name} (${waypoint.address})` : waypoint.name,
      point: { lat: waypoint.lat, lng: waypoint.lng, name: waypoint.name },
    })),
    { kind: 'finish', number: 0, ...end },
  ];
}

/** The stops that have coordinates: the map's numbered markers and the points of the walking route. */
export const mappedStops = (stops: readonly RouteStop[]) =>
  stops.flatMap((stop) => (stop.point ? [stop.point] : []));

/**
 * What both play screens need before they render: their strings, the quest, the explorer's progress on it and
 * the proofs queued on this device. Without a connection they render from the copy kept on the device
 * (docs/product-rules/offline-play.md#a-quest-in-progress-without-a-connection); that code loads lazily, off
 * the entry bundle.
 */
export async function loadQuestPlay(queryClient: QueryClient, questId: string): Promise<void> {
  const offline = import('./offline-quest-play.ts');
  // Offline, a query without data would wait for the connection: the kept copy comes first.
  if (!onlineManager.isOnline()) await (await offline).restoreQuestPlay(queryClient, questId);
  try {
    await Promise.all([
      loadNamespaces('play'),
      queryClient.ensureQueryData(questQueries.detail(questId)),
      queryClient.ensureQueryData(questPlayQueries.progress(questId)),
      offline.then((kept) => kept.loadQueuedProofs(queryClient, questId)),
    ]);
  } catch (error) {
    if (!(await (await offline).recoverQuestPlay(queryClient, questId, error))) throw error;
    await Promise.all([
      loadNamespaces('play'),
      offline.then((kept) => kept.loadQueuedProofs(queryClient, questId)),
    ]);
  }
}
