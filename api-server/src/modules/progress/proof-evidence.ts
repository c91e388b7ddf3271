import { PROOF_REVIEW } from '@cityquest/contract';
import type { StoredPhotoMatch } from '../../db/columns.ts';
import { hasCoordinates, haversineMeters } from '../../lib/distance.ts';
import type { PhotoMetadata } from '../../lib/photo-metadata.ts';
import type { Waypoint } from '../quests/index.ts';
import type { ProofFlag, StoredEvidence } from './tables/progress.tables.ts';

/** Camera clocks drift: a capture time this close to the start or the submission is not held against it. */
export const CLOCK_SLACK_MS = 2 * 60_000;

type Located = { lat: number | null; lng: number | null };

/**
 * The stop a task is proved at: task N's is the route's stop N; a task past the route's stops is proved at the
 * stop nearest the photo (docs/product-rules/moderation.md#proof-evidence).
 */
export function taskStop(
  waypoints: readonly Waypoint[],
  taskOrder: number,
  photo: Located,
): { order: number; waypoint: Waypoint } | null {
  const own = waypoints[taskOrder - 1];
  if (own) return { order: taskOrder, waypoint: own };
  if (!hasCoordinates(photo) || !waypoints.length) return null;
  let nearest = 0;
  waypoints.forEach((waypoint, index) => {
    const best = waypoints[nearest] as Waypoint;
    if (haversineMeters(photo, waypoint) < haversineMeters(photo, best)) nearest = index;
  });
  return { order: nearest + 1, waypoint: waypoints[nearest] as Waypoint };
}

function timingOf(takenAt: Date | null, startedAt: Date, submittedAt: Date): StoredEvidence['timing'] {
  if (!takenAt) return null;
  if (takenAt.getTime() < startedAt.getTime() - CLOCK_SLACK_MS) return 'before_start';
  if (takenAt.getTime() > submittedAt.getTime() + CLOCK_SLACK_MS) return 'after_submission';
  return 'during_quest';
}

/**
 * What a proof's photos and the explorer's shared position say against its task's stop and the explorer's
 * start, and the flags that follow.
 */
export function gatherEvidence(input: {
  waypoints: readonly Waypoint[];
  taskOrder: number;
  metadata: PhotoMetadata;
  startedAt: Date;
  submittedAt: Date;
  matches: StoredPhotoMatch[];
  tracked: { lat: number; lng: number; accuracy: number | null; recordedAt: Date } | null;
}): { evidence: StoredEvidence; flags: ProofFlag[] } {
  const { metadata } = input;
  const stop = taskStop(input.waypoints, input.taskOrder, metadata);
  const distance =
    stop && hasCoordinates(metadata) ? Math.round(haversineMeters(metadata, stop.waypoint)) : null;
  const missing: StoredEvidence['missing'] = [];
  if (!hasCoordinates(metadata)) missing.push('location');
  if (!metadata.takenAt) missing.push('capture_time');
  const timing = timingOf(metadata.takenAt, input.startedAt, input.submittedAt);
  const flags: ProofFlag[] = [];
  if (distance !== null && distance > PROOF_REVIEW.farFromStopMeters) flags.push('far_from_stop');
  if (timing === 'before_start') flags.push('taken_before_start');
  if (missing.length) flags.push('missing_metadata');
  if (input.matches.length) flags.push('duplicate_photo');
  const { tracked } = input;
  // Nothing to measure against, or nothing placing the explorer anywhere, is never a clean proof: the other
  // signals come from the device and can be forged, so such a proof waits for a moderator's own look
  // (docs/product-rules/moderation.md#proof-evidence).
  if (!stop) flags.push('no_stop_to_compare');
  if (!hasCoordinates(metadata) && !tracked) flags.push('no_location');
  const metres = (from: Located, to: Located) =>
    hasCoordinates(from) && hasCoordinates(to) ? Math.round(haversineMeters(from, to)) : null;
  return {
    evidence: {
      stop: stop ? { order: stop.order, name: stop.waypoint.name } : null,
      // Distances only: the position itself stays in live_positions, which forgets it after 30 days.
      tracking: tracked && {
        recordedAt: tracked.recordedAt.toISOString(),
        accuracyMeters: tracked.accuracy === null ? null : Math.round(tracked.accuracy),
        distanceToStopMeters: stop ? metres(tracked, stop.waypoint) : null,
        distanceToPhotoMeters: metres(tracked, metadata),
      },
      distanceToStopMeters: distance,
      timing,
      missing,
      matches: input.matches,
    },
    flags,
  };
}
