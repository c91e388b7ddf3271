import type { Schema } from '@cityquest/contract';
import { hasCoordinates, haversineMeters } from '../../lib/distance.ts';
import { completedTaskIds, type ProofState, progressPercent } from '../../lib/progress-math.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import type { Waypoint } from '../quests/index.ts';
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

/** What the moderator screens know besides the proof: the records, quests and people its evidence names. */
export type ModeratorContext = {
  waypoints: readonly Waypoint[];
  startedAt: Date;
  quests: ReadonlyMap<string, Schema<'QuestBrief'>>;
  people: ReadonlyMap<string, Schema<'UserSummary'>>;
  files: FileAddresses;
  now: Date;
};

function toEvidence(row: ProofRow, context: ModeratorContext): Schema<'ProofEvidence'> | null {
  if (!row.evidence) return null;
  const { matches, ...found } = row.evidence;
  return {
    ...found,
    tracking: found.tracking ?? null,
    takenAt: iso(row.photoTakenAt),
    startedAt: context.startedAt.toISOString(),
    submittedAt: row.submittedAt.toISOString(),
    matches: matches.flatMap((match) => {
      const quest = context.quests.get(match.questId);
      if (!quest) return [];
      return [
        {
          kind: match.kind,
          photoIndex: match.photoIndex,
          distance: match.distance,
          imageUrl: context.files.of(match.imagePath),
          quest,
          taskOrder: match.taskOrder,
          user: (match.userId && context.people.get(match.userId)) || null,
          progressId: match.progressId,
        },
      ];
    }),
  };
}

function toClaim(row: ProofRow, context: ModeratorContext): Schema<'ProofClaim'> | null {
  if (!row.claimedBy || !row.claimExpiresAt || row.claimExpiresAt <= context.now) return null;
  const moderator = context.people.get(row.claimedBy);
  return moderator ? { moderator, expiresAt: row.claimExpiresAt.toISOString() } : null;
}

/** Ids of the quests and people a proof's evidence and claim name, to load with the submission's own. */
export function namedByProof(row: ProofRow): { questIds: string[]; userIds: string[] } {
  const matches = row.evidence?.matches ?? [];
  return {
    questIds: matches.map((match) => match.questId),
    userIds: [
      ...matches.flatMap((match) => (match.userId ? [match.userId] : [])),
      ...(row.claimedBy ? [row.claimedBy] : []),
    ],
  };
}

/** What moderators alone see: where and when the photo says it was taken, the evidence and the claim. */
export function toModeratorTaskProof(row: ProofRow, context: ModeratorContext): Schema<'ModeratorTaskProof'> {
  const location = { lat: row.photoLat, lng: row.photoLng };
  return {
    ...toTaskProof(row, context.files),
    photoLocation: hasCoordinates(location) ? { lat: location.lat, lng: location.lng } : null,
    photoTakenAt: iso(row.photoTakenAt),
    photoDistanceMeters: distanceToNearestWaypoint(location, context.waypoints),
    evidence: toEvidence(row, context),
    flags: row.flags,
    claim: toClaim(row, context),
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
