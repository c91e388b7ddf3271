import sharp from 'sharp';
import phash from 'sharp-phash';

// The views and their hashing run on the image workers (lib/image-jobs.ts); matching them is photo-matching's
// (docs/product-rules/moderation.md#duplicate-photos).
/** The hashed views: the whole picture, and 95% of it from each corner and the centre, so crops line up. */
const VIEW_SIDE = 256;
const CROP_SIDE = Math.round(VIEW_SIDE * 0.95);
const CROP_ORIGINS: readonly (readonly [number, number])[] = (() => {
  const far = VIEW_SIDE - CROP_SIDE;
  const middle = Math.round(far / 2);
  return [
    [0, 0],
    [far, 0],
    [0, far],
    [far, far],
    [middle, middle],
  ];
})();

const toSigned = (bits: string): bigint => BigInt.asIntN(64, BigInt(`0b${bits}`));

/**
 * The perceptual hashes (pHash, 64 bits, signed as PostgreSQL's bigint holds them) of a photo's views; none
 * when the bytes are not an image sharp can read.
 */
export async function perceptualHashes(data: Buffer): Promise<bigint[]> {
  let view: Buffer;
  try {
    view = await sharp(data)
      .rotate()
      .resize(VIEW_SIDE, VIEW_SIDE, { fit: 'fill' })
      .greyscale()
      .png({ compressionLevel: 0 })
      .toBuffer();
  } catch {
    return [];
  }
  const crops = CROP_ORIGINS.map(([left, top]) =>
    sharp(view)
      .extract({ left, top, width: CROP_SIDE, height: CROP_SIDE })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
  const views = [view, ...(await Promise.all(crops))];
  return (await Promise.all(views.map((bytes) => phash(bytes)))).map(toSigned);
}
