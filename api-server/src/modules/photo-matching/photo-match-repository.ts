import { and, eq, inArray, isNotNull, isNull, ne, not, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { StoredPhotoMatch } from '../../db/columns.ts';
import { bandProbes, bandsOf, hammingDistance, NEAR_COPY_BITS } from './photo-hash.ts';
import { photoHashes } from './tables/photo-matching.tables.ts';

/** A stored photo (its storage path and place among its owner's photos) with its views' hashes. */
export type HashedPhoto = { imagePath: string; photoIndex: number; hashes: readonly bigint[] };

/** Whose photos they are: a quest's own, or one explorer's proof for one task. */
export type PhotoOwner =
  | { questId: string }
  | { questId: string; proofId: string; progressId: string; userId: string; taskOrder: number };

/** The closest matches a proof keeps (the modal shows them side by side). */
const MAX_MATCHES = 6;

export async function recordPhotoHashes(db: Db, owner: PhotoOwner, photos: readonly HashedPhoto[]) {
  const rows = photos.flatMap((photo) =>
    photo.hashes.map((hash) => {
      const [band0, band1, band2, band3] = bandsOf(hash);
      return {
        ...owner,
        hash,
        band0,
        band1,
        band2,
        band3,
        imagePath: photo.imagePath,
        photoIndex: photo.photoIndex,
      };
    }),
  );
  if (rows.length) await db.insert(photoHashes).values(rows);
}

/** A replaced proof's photos are gone: their hashes go with them. */
export async function forgetProofPhotos(db: Db, proofId: string): Promise<void> {
  await db.delete(photoHashes).where(eq(photoHashes.proofId, proofId));
}

/**
 * Stored photos that are near copies of a proof's photos: proofs of other explorers, the same explorer's proofs
 * for other tasks, and the quest's own photos. One statement through the bands' indexes, then the exact
 * distance of every view against every view.
 */
export async function findNearCopies(
  db: Db,
  photos: readonly HashedPhoto[],
  proof: { questId: string; progressId: string; userId: string; taskOrder: number },
): Promise<StoredPhotoMatch[]> {
  const hashes = photos.flatMap((photo) => photo.hashes);
  if (!hashes.length) return [];
  const probes = bandProbes(hashes);
  const candidates = await db
    .select()
    .from(photoHashes)
    .where(
      and(
        or(
          inArray(photoHashes.band0, probes[0]),
          inArray(photoHashes.band1, probes[1]),
          inArray(photoHashes.band2, probes[2]),
          inArray(photoHashes.band3, probes[3]),
        ),
        or(isNotNull(photoHashes.proofId), eq(photoHashes.questId, proof.questId)),
        or(
          isNull(photoHashes.progressId),
          ne(photoHashes.progressId, proof.progressId),
          not(eq(photoHashes.taskOrder, proof.taskOrder)),
        ),
      ),
    );

  const best = new Map<string, StoredPhotoMatch>();
  for (const row of candidates) {
    for (const photo of photos) {
      const distance = Math.min(...photo.hashes.map((hash) => hammingDistance(hash, row.hash)));
      if (distance > NEAR_COPY_BITS) continue;
      const known = best.get(row.imagePath);
      if (known && known.distance <= distance) continue;
      best.set(row.imagePath, {
        kind:
          row.proofId === null
            ? 'quest_photo'
            : row.userId === proof.userId
              ? 'own_other_task'
              : 'other_explorer',
        photoIndex: photo.photoIndex,
        distance,
        imagePath: row.imagePath,
        questId: row.questId,
        taskOrder: row.taskOrder,
        userId: row.userId,
        progressId: row.progressId,
      });
    }
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance).slice(0, MAX_MATCHES);
}
