import type { Schema } from '@cityquest/openapi';
import type { Waypoint } from '../../db/schema.ts';
import { hasCoordinates, haversineMeters } from '../../lib/distance.ts';
import { completedTaskIds, type ProofState, progressPercent } from '../../lib/progress-math.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import type { ProgressRow, ProofRow } from './progress-repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Proof photos are private: their addresses are signed for the explorer and admins these answers go to. */
export function toTaskProof(row: ProofRow, files: FileAddresses): Schema<'TaskProof'> {
  return {
    taskOrder: row.taskOrder,
    status: row.status,
    notes: row.notes,
    proofImages: row.images.map((path) => files.of(path)),
    proofFiles: row.files.map((file) => ({ ...file, url: files.of(file.url) })),
    feedback: row.feedback,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
  };
}

/** Metres from the photo's location to the quest's nearest waypoint; null without both. */
export function distanceToNearestWaypoint(
  photo: { lat: number | null; lng: number | null },
  waypoints: readonly Waypoint[],
): number | null {
  if (!hasCoordinates(photo) || !waypoints.length) return null;
  return Math.round(Math.min(...waypoints.map((waypoint) => haversineMeters(photo, waypoint))));
}

/** What moderators alone see: where and when the photo says it was taken. */
export function toModeratorTaskProof(
  row: ProofRow,
  waypoints: readonly Waypoint[],
  files: FileAddresses,
): Schema<'ModeratorTaskProof'> {
  const location = { lat: row.photoLat, lng: row.photoLng };
  return {
    ...toTaskProof(row, files),
    photoLocation: hasCoordinates(location) ? { lat: location.lat, lng: location.lng } : null,
    photoTakenAt: iso(row.photoTakenAt),
    photoDistanceMeters: distanceToNearestWaypoint(location, waypoints),
  };
}

export function toProofMap<T>(rows: readonly ProofRow[], map: (row: ProofRow) => T): Record<string, T> {
  return Object.fromEntries(rows.map((row) => [String(row.taskOrder), map(row)]));
}

/** `taskIds` are the quest's task ids in task order: `completed_tasks` lists ids, proofs are keyed by order. */
export function toProgressSummary(
  row: ProgressRow,
  quest: Schema<'QuestSummary'>,
  taskIds: readonly string[],
  proofs: readonly ProofState[],
): Schema<'ProgressSummary'> {
  const totalTasks = Math.max(1, taskIds.length);
  const completed = completedTaskIds(proofs, taskIds);
  return {
    _id: row.id,
    quest_id: quest,
    user_id: row.userId,
    status: row.status,
    completed_tasks: completed,
    total_tasks: totalTasks,
    progress: progressPercent(completed.length, totalTasks),
    xpEarned: row.xpAwarded,
    startedAt: row.startedAt.toISOString(),
    completedAt: iso(row.completedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toProgressRecord(
  row: ProgressRow,
  quest: Schema<'QuestSummary'>,
  taskIds: readonly string[],
  proofs: readonly ProofRow[],
  files: FileAddresses,
): Schema<'ProgressRecord'> {
  return {
    ...toProgressSummary(row, quest, taskIds, proofs),
    notes: row.notes,
    taskProofs: toProofMap(proofs, (proof) => toTaskProof(proof, files)),
  };
}
