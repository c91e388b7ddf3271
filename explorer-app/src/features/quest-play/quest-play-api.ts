import { ApiError, type Schema, unwrap, unwrapEnvelope } from '@cityquest/openapi';
import type { MapPoint } from '@cityquest/shared-ui';
import { api } from '../../lib/api.ts';
import { getQuest, type Quest, routeEnd } from '../../lib/quests/quest-api.ts';

export type ProgressRecord = Schema<'ProgressRecord'>;
export type TaskProof = Schema<'TaskProof'>;
export type Directions = Schema<'GeoDirections'>;
export type Task = Quest['tasks'][number];
export type QuestPlay = { quest: Quest; progress: ProgressRecord };

/** Proof photos the server takes (conventions.md section 3: images only, at most 10MB). */
export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** GET /geo/directions takes at most 23 stopovers between origin and destination. */
const MAX_STOPOVERS = 23;

// Fallback messages are the documents' (explorer-and-visitor.md section 8) where they name one.
export const getQuestProgress = (questId: string) =>
  unwrap(
    api().GET('/quest-progress/{questId}', { params: { path: { questId } } }),
    'Failed to fetch quest progress',
  );

/**
 * The quest and the caller's progress on it, or null when either is missing (not found, or not started). A
 * malformed id in the address (400) is a quest that does not exist either.
 */
export async function loadQuestPlay(questId: string): Promise<QuestPlay | null> {
  const [quest, progress] = await Promise.allSettled([getQuest(questId), getQuestProgress(questId)]);
  const failures = [quest, progress].flatMap((result) =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  if (failures.some((error) => error instanceof ApiError && (error.status === 404 || error.status === 400)))
    return null;
  if (failures.length > 0) throw failures[0];
  if (quest.status !== 'fulfilled' || progress.status !== 'fulfilled') return null;
  return { quest: quest.value, progress: progress.value };
}

const latLng = (point: { lat: number; lng: number }) => `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;

/** The walking route through the stops in order, or null when there are too few or too many to ask for. */
export function getDirections(stops: readonly MapPoint[]): Promise<Directions> | null {
  const origin = stops[0];
  const destination = stops.at(-1);
  if (!origin || !destination || stops.length < 2 || stops.length - 2 > MAX_STOPOVERS) return null;
  const middle = stops.slice(1, -1);
  return unwrap(
    api().GET('/geo/directions', {
      params: {
        query: {
          origin: latLng(origin),
          destination: latLng(destination),
          waypoints: middle.length > 0 ? middle.map(latLng).join('|') : undefined,
        },
      },
    }),
    'Failed to fetch directions',
  );
}

export const reverseGeocode = (point: { lat: number; lng: number }) =>
  unwrap(
    api().GET('/geo/reverse', { params: { query: { lat: point.lat, lng: point.lng } } }),
    'Failed to fetch address',
  );

/**
 * POST /quest-progress/task-proof/{questId}/{taskOrder}: the photo as `proofImages`, the description as
 * `notes`, and the quest as `questId`, as the proof submission names it.
 */
export function submitTaskProof(
  questId: string,
  taskOrder: number,
  proof: { photo: File; description: string },
  fallback: string,
) {
  const form = new FormData();
  form.append('proofImages', proof.photo);
  form.append('notes', proof.description);
  form.append('questId', questId);
  return unwrapEnvelope(
    api().POST('/quest-progress/task-proof/{questId}/{taskOrder}', {
      params: { path: { questId, taskOrder } },
      body: form as never,
      bodySerializer: (body) => body as unknown as FormData,
    }),
    fallback,
  );
}

/** A task can take a proof while it has none or its proof was rejected (conventions.md section 3). */
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

/** START, the numbered STOPs and FINISH of the quest's route; `point` is null where the creator gave no coordinates. */
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
