import { createHash } from 'node:crypto';
import type { Schema } from '@cityquest/contract';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-error.ts';
import type { PhotoMetadata } from '../../lib/photo-metadata.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { recordQuotaEvent } from '../../plugins/quota-events.ts';
import { saveAll } from '../../plugins/storage.ts';
import { MODERATION, signalLiveEvents } from '../live-events/index.ts';
import { findNearCopies, forgetProofPhotos, recordPhotoHashes } from '../photo-matching/index.ts';
import { findQuest, taskCountsOf } from '../quests/index.ts';
import type { UserRow } from '../users/index.ts';
import { recentLivePosition } from './live-positions.ts';
import { loadProgressRecord, PROGRESS_NOT_FOUND, type ProgressDeps } from './progress-batch.ts';
import { toTaskProof } from './progress-dto.ts';
import * as repo from './progress-repository.ts';
import { gatherEvidence } from './proof-evidence.ts';
import * as proofRepo from './proof-repository.ts';
import type { ProofFile } from './tables/progress.tables.ts';

/** Proof photos are re-encoded with their long side capped here. */
export const PROOF_IMAGE_MAX_SIDE = 1920;
export const TASK_NOT_FOUND = 'Task not found';
export const PROOF_NOT_FOUND = 'No proof has been submitted for this task yet';
export const PROOF_WAITING = 'A proof for this task is already waiting for review';
export const PROOF_APPROVED = 'This task is already approved';
export const NOTHING_TO_PROVE = 'Every task already has a proof waiting for review or approved';
/** The proof upload page's alert (docs/product-rules/messages.md#proof-messages). */
export const PHOTO_AND_DESCRIPTION = 'Please upload a photo and add a description of your adventure!';
export const QUEST_ID_MISMATCH = 'questId must be the quest in the path';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different proof';

export const PROOF_IMAGE_REQUIRED = 'Proof image is required';
export const MAX_PROOF_IMAGES = 5;

/**
 * The per-task form in both its shapes: photos as proofImages with notes, or the proof upload page's
 * submission (one photo as file, its description as the notes).
 */
export function taskProofUpload(
  fields: { notes?: string; description?: string },
  uploads: Record<string, UploadedFile[]>,
): { images: UploadedFile[]; notes?: string } {
  const images = [...(uploads.proofImages ?? []), ...(uploads.file ?? [])];
  if (!images.length) throw fieldError('proofImages', PROOF_IMAGE_REQUIRED);
  if (images.length > MAX_PROOF_IMAGES) {
    throw fieldError('proofImages', `Proof image accepts at most ${MAX_PROOF_IMAGES} file(s)`);
  }
  return { images, notes: fields.notes ?? fields.description };
}

/** A proof form may name its quest (the proof upload page sends questId); it must be the path's. */
export function checkQuestIdField(bodyQuestId: string | undefined, pathQuestId: string): void {
  if (bodyQuestId !== undefined && bodyQuestId.toLowerCase() !== pathQuestId.toLowerCase()) {
    throw fieldError('questId', QUEST_ID_MISMATCH);
  }
}

type Player = Pick<UserRow, 'id'>;

/** A proof sent with an Idempotency-Key (docs/product-rules/offline-play.md#sending-a-proof-exactly-once). */
type Attempt = { key: string; digest: string };

/** What identifies a proof's request: its quest, task, notes and the bytes of each photo, in order. */
function requestDigest(questId: string, taskOrder: number, images: readonly UploadedFile[], notes: string) {
  const hash = createHash('sha256').update(JSON.stringify([questId.toLowerCase(), taskOrder, notes]));
  for (const image of images) hash.update(createHash('sha256').update(image.data).digest());
  return hash.digest('base64url');
}

/** True when this key already stored exactly this proof; a key stored with anything else is refused (422). */
function isReplay(stored: { requestDigest: string | null } | undefined, attempt: Attempt | undefined) {
  if (!stored || !attempt) return false;
  if (stored.requestDigest !== attempt.digest) throw new HttpError(422, KEY_REUSED);
  return true;
}
type StoredProof = { urls: string[]; files: ProofFile[]; metadata: PhotoMetadata; hashes: bigint[][] };

/**
 * Reads each photo's GPS position and capture time from the original bytes, then stores it re-encoded
 * without metadata. The first photo that has a position (and a time) gives the proof's.
 */
async function storeProofImages(deps: ProgressDeps, images: readonly UploadedFile[]): Promise<StoredProof> {
  const prepared = await Promise.all(
    images.map(async (image) => {
      const { processed, metadata, hashes } = await deps.images.prepare(image.data, {
        maxSide: PROOF_IMAGE_MAX_SIDE,
        metadata: true,
        hashes: true,
      });
      return {
        name: (image.filename || 'photo').slice(0, 200),
        metadata: metadata ?? { lat: null, lng: null, takenAt: null },
        processed,
        hashes: hashes ?? [],
      };
    }),
  );
  const located = prepared.find((image) => image.metadata.lat !== null);
  const dated = prepared.find((image) => image.metadata.takenAt !== null);
  const stored: StoredProof = {
    urls: [],
    files: [],
    metadata: {
      lat: located?.metadata.lat ?? null,
      lng: located?.metadata.lng ?? null,
      takenAt: dated?.metadata.takenAt ?? null,
    },
    hashes: prepared.map((image) => image.hashes),
  };
  const urls = await saveAll(
    deps.storage,
    prepared.map((image) => ({ kind: 'proofs' as const, data: image.processed.data })),
  );
  prepared.forEach((image, index) => {
    const url = urls[index] ?? '';
    stored.urls.push(url);
    stored.files.push({ name: image.name, size: image.processed.data.length, url });
  });
  return stored;
}

async function ongoingProgress(deps: ProgressDeps, player: Player, questId: string) {
  const progress = await repo.findProgress(deps.db, player.id, questId);
  if (progress?.status !== 'ongoing') throw notFound(PROGRESS_NOT_FOUND);
  const taskCount = (await taskCountsOf(deps.db, [questId])).get(questId) ?? 0;
  return { progress, taskCount };
}

function refuseUnlessOpen(proof: repo.ProofRow | undefined): void {
  if (proof?.status === 'submitted') throw conflict(PROOF_WAITING);
  if (proof?.status === 'approved') throw conflict(PROOF_APPROVED);
}

/**
 * Stores the photos, then saves the proof under the progress lock with the evidence moderators see (its
 * photos against the task's stop, the start and other photos); a rejected proof is replaced in place.
 */
async function saveTaskProof(
  deps: ProgressDeps,
  progress: repo.ProgressRow,
  taskOrder: number,
  images: readonly UploadedFile[],
  notes: string,
  at: Date,
  attempt?: Attempt,
): Promise<void> {
  const stored = await storeProofImages(deps, images);
  const photos = stored.urls.map((imagePath, photoIndex) => ({
    imagePath,
    photoIndex,
    hashes: stored.hashes[photoIndex] ?? [],
  }));
  try {
    const replaced = await deps.db.transaction(async (tx) => {
      const locked = await repo.lockProgress(tx, progress.id);
      if (locked?.status !== 'ongoing') throw notFound(PROGRESS_NOT_FOUND);
      const current = await proofRepo.findProof(tx, progress.id, taskOrder);
      // The same key arriving twice at once: the second waited for the lock and finds the first's proof.
      if (attempt && current?.idempotencyKey === attempt.key && isReplay(current, attempt)) return null;
      refuseUnlessOpen(current);
      if (current) await forgetProofPhotos(tx, current.id);
      const scope = { questId: locked.questId, progressId: locked.id, userId: locked.userId, taskOrder };
      // In turn: a transaction is one connection, which runs one statement at a time (node-postgres 9 refuses more).
      const quest = await findQuest(tx, locked.questId);
      const matches = await findNearCopies(tx, photos, scope);
      const tracked = await recentLivePosition(tx, locked.id, at);
      const { evidence, flags } = gatherEvidence({
        waypoints: quest?.waypoints ?? [],
        taskOrder,
        metadata: stored.metadata,
        startedAt: locked.startedAt,
        submittedAt: at,
        matches,
        tracked,
      });
      const proofId = await proofRepo.saveProof(tx, progress.id, taskOrder, {
        notes,
        images: stored.urls,
        files: stored.files,
        photoLat: stored.metadata.lat,
        photoLng: stored.metadata.lng,
        photoTakenAt: stored.metadata.takenAt,
        submittedAt: at,
        evidence,
        flags,
        idempotencyKey: attempt?.key ?? null,
        requestDigest: attempt?.digest ?? null,
      });
      await recordPhotoHashes(tx, { ...scope, proofId }, photos);
      await repo.touchProgress(tx, progress.id, at);
      await recordQuotaEvent(tx, 'proof-submissions', progress.userId, at);
      await signalLiveEvents(tx, [MODERATION]);
      return current?.images ?? [];
    });
    // A replay keeps what the first request stored and drops this one's copies.
    await Promise.all((replaced ?? stored.urls).map((url) => deps.storage.remove(url)));
  } catch (error) {
    await Promise.all(stored.urls.map((url) => deps.storage.remove(url)));
    throw error;
  }
}

/** POST /quest-progress/task-proof/{questId}/{taskOrder}: 1 to 5 photos and notes for one task. */
export async function submitTaskProof(
  deps: ProgressDeps,
  player: Player,
  questId: string,
  taskOrder: number,
  upload: { images: readonly UploadedFile[]; notes?: string; idempotencyKey?: string },
  at = new Date(),
): Promise<Schema<'ProgressRecord'>> {
  const notes = (upload.notes ?? '').trim();
  const attempt = upload.idempotencyKey
    ? { key: upload.idempotencyKey, digest: requestDigest(questId, taskOrder, upload.images, notes) }
    : undefined;
  if (attempt) {
    // A retry whose first try arrived is answered with the progress, whatever has happened to the quest since.
    const stored = await proofRepo.findProofByKey(deps.db, player.id, attempt.key);
    if (stored && (stored.questId !== questId.toLowerCase() || stored.taskOrder !== taskOrder)) {
      throw new HttpError(422, KEY_REUSED);
    }
    if (isReplay(stored, attempt)) {
      const progress = await repo.findProgress(deps.db, player.id, questId);
      if (progress) return loadProgressRecord(deps, { id: progress.id });
    }
  }
  const { progress, taskCount } = await ongoingProgress(deps, player, questId);
  if (taskOrder > taskCount) throw notFound(TASK_NOT_FOUND);
  const current = await proofRepo.findProof(deps.db, progress.id, taskOrder);
  refuseUnlessOpen(current);
  await saveTaskProof(deps, progress, taskOrder, upload.images, notes, at, attempt);
  return loadProgressRecord(deps, { id: progress.id });
}

/** POST /quest-progress/{questId}/submit-proof: the proof goes to the lowest task still needing one. */
export async function submitQuestProof(
  deps: ProgressDeps,
  player: Player,
  questId: string,
  upload: { file: UploadedFile; description: string },
  at = new Date(),
): Promise<Schema<'ProgressRecord'>> {
  const description = upload.description.trim();
  if (!description) throw fieldError('description', PHOTO_AND_DESCRIPTION);
  const { progress, taskCount } = await ongoingProgress(deps, player, questId);
  const proofs = (await proofRepo.proofsFor(deps.db, [progress.id])).get(progress.id) ?? [];
  const open = (order: number) => {
    const proof = proofs.find((candidate) => candidate.taskOrder === order);
    return !proof || proof.status === 'rejected';
  };
  const next = Array.from({ length: taskCount }, (_, index) => index + 1).find(open);
  if (next === undefined) throw conflict(NOTHING_TO_PROVE);
  await saveTaskProof(deps, progress, next, [upload.file], description, at);
  return loadProgressRecord(deps, { id: progress.id });
}

/** GET /quest-progress/task-proof/{questId}/{taskOrder}: the caller's own proof (no photo metadata). */
export async function getTaskProof(
  deps: ProgressDeps,
  player: Player,
  questId: string,
  taskOrder: number,
): Promise<Schema<'TaskProof'>> {
  const progress = await repo.findProgress(deps.db, player.id, questId);
  if (!progress) throw notFound(PROGRESS_NOT_FOUND);
  const proof = await proofRepo.findProof(deps.db, progress.id, taskOrder);
  if (!proof) throw notFound(PROOF_NOT_FOUND);
  return toTaskProof(proof, deps.files);
}
