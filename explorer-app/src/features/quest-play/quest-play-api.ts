import { apiKey, type Schema, toFormData, unwrap, unwrapEnvelope } from '@cityquest/openapi';
import type { MapPoint } from '@cityquest/shared-ui';
import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { type Quest, questQueries, routeEnd } from '../../lib/quests/quest-api.ts';

export type ProgressRecord = Schema<'ProgressRecord'>;
export type TaskProof = Schema<'TaskProof'>;
export type Directions = Schema<'GeoDirections'>;
export type Task = Quest['tasks'][number];
export type QuestPlay = { quest: Quest; progress: ProgressRecord };

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
      queryKey: apiKey('/quest-progress/{questId}', { path: { questId } }),
      queryFn: () =>
        unwrap(
          api().GET('/quest-progress/{questId}', { params: { path: { questId } } }),
          'Failed to fetch quest progress',
        ),
    }),
  /** The walking route through the stops; not asked for when there are too few or too many stops. */
  directions: (stops: readonly MapPoint[]) => {
    const query = directionsQuery(stops);
    return queryOptions({
      queryKey: apiKey('/geo/directions', { query: query ?? {} }),
      queryFn: query
        ? () => unwrap(api().GET('/geo/directions', { params: { query } }), 'Failed to fetch directions')
        : skipToken,
      // A route between fixed points does not change while the page is open.
      staleTime: Number.POSITIVE_INFINITY,
    });
  },
};

export type ProofInput = { taskOrder: number; photo: File; description: string };

/**
 * POST /quest-progress/task-proof/{questId}/{taskOrder}: the photo as `proofImages`, the description as
 * `notes`, and the quest as `questId`, as the proof submission names it. The answer is the quest's new
 * progress; the dashboard and My Quest show that progress too. Xp comes only with approval, so the header's
 * user stays. Without a message from the server the error's message is empty, for the screen to word in the
 * user's language.
 */
export function useSubmitTaskProof(questId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ taskOrder, photo, description }: ProofInput) => {
      const { data } = await unwrapEnvelope(
        api().POST('/quest-progress/task-proof/{questId}/{taskOrder}', {
          params: { path: { questId, taskOrder } },
          body: { proofImages: [photo], notes: description, questId },
          bodySerializer: toFormData,
        }),
        '',
      );
      return data;
    },
    onSuccess: (progress) => {
      queryClient.setQueryData(questPlayQueries.progress(questId).queryKey, progress);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-dashboard') }),
        queryClient.invalidateQueries({ queryKey: apiKey('/quest-progress/ongoing') }),
      ]);
    },
  });
}

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

/** What both play screens need before they render: their strings, the quest and the explorer's progress on it. */
export const loadQuestPlay = (queryClient: QueryClient, questId: string) =>
  Promise.all([
    loadNamespaces('play'),
    queryClient.ensureQueryData(questQueries.detail(questId)),
    queryClient.ensureQueryData(questPlayQueries.progress(questId)),
  ]);
